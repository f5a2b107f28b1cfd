import { EbooksPage } from '../../features/admin/ebooks/ebooks-page.tsx';

export function Component() {
  return <EbooksPage />;
}

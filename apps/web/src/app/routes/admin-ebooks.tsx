import { EbooksPage } from '../../features/admin/components/ebooks-page.tsx';

export function Component() {
  return <EbooksPage />;
}

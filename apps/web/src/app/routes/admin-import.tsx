import { ImportPage } from '../../features/admin/components/import-page.tsx';

export function Component() {
  return <ImportPage />;
}

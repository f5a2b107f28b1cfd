import { ImportPage } from '../../features/admin/results/import-page.tsx';

export function Component() {
  return <ImportPage />;
}

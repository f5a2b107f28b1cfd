import { LookAlikesPage } from '../../features/admin/grading/look-alikes-page.tsx';

export function Component() {
  return <LookAlikesPage />;
}

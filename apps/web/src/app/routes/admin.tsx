/** /admin: the organisers' console, loaded only when a staff member opens it (its own chunk). */
import { AdminLayout } from '../../features/admin/console/admin-layout.tsx';

export function Component() {
  return <AdminLayout />;
}

/** /admin: the organisers' console, loaded only when a staff member opens it (its own chunk). */
import { AdminLayout } from '../../features/admin/components/admin-layout.tsx';

export function Component() {
  return <AdminLayout />;
}

import { AuditPage } from '../../features/admin/users/audit-page.tsx';

export function Component() {
  return <AuditPage />;
}

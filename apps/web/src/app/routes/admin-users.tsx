import { UsersPage } from '../../features/admin/users/users-page.tsx';

export function Component() {
  return <UsersPage />;
}

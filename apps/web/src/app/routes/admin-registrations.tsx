import { RegistrationsPage } from '../../features/admin/components/registrations-page.tsx';

export function Component() {
  return <RegistrationsPage />;
}

import { RegistrationsPage } from '../../features/admin/registrations/registrations-page.tsx';

export function Component() {
  return <RegistrationsPage />;
}

import { DashboardPage } from '../../features/admin/dashboard/dashboard-page.tsx';

export function Component() {
  return <DashboardPage />;
}

import { DashboardPage } from '../../features/admin/components/dashboard-page.tsx';

export function Component() {
  return <DashboardPage />;
}

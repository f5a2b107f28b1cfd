import { CompetitionsPage } from '../../features/admin/competitions/competitions-page.tsx';

export function Component() {
  return <CompetitionsPage />;
}

import { CompetitionsPage } from '../../features/admin/components/competitions-page.tsx';

export function Component() {
  return <CompetitionsPage />;
}

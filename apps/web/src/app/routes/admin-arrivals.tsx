import { ArrivalsPage } from '../../features/admin/arrivals/arrivals-page.tsx';

export function Component() {
  return <ArrivalsPage />;
}

import { RechecksPage } from '../../features/admin/rechecks/rechecks-page.tsx';

export function Component() {
  return <RechecksPage />;
}

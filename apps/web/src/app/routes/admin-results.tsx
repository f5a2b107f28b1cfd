import { ResultsPage } from '../../features/admin/results/results-page.tsx';

export function Component() {
  return <ResultsPage />;
}

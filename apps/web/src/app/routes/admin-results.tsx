import { ResultsPage } from '../../features/admin/components/results-page.tsx';

export function Component() {
  return <ResultsPage />;
}

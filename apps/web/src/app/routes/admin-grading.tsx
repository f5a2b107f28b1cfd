import { GradingPage } from '../../features/admin/components/grading-page.tsx';

export function Component() {
  return <GradingPage />;
}

import { GradingPage } from '../../features/admin/grading/grading-page.tsx';

export function Component() {
  return <GradingPage />;
}

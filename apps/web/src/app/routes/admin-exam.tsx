import { ExamPage } from '../../features/admin/components/exam-page.tsx';

export function Component() {
  return <ExamPage />;
}

import { ExamPage } from '../../features/admin/exams/exam-page.tsx';

export function Component() {
  return <ExamPage />;
}

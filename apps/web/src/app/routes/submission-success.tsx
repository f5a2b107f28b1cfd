import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { paths } from '../../config/paths.ts';
import type { SubmitResult } from '../../features/exam/api.ts';
import { useGetAnswerCountQuery } from '../../features/exam/api.ts';
import { CountdownView } from '../../features/exam/components/countdown-view.tsx';
import { ExamLoadError, ExamLoading } from '../../features/exam/components/exam-status.tsx';
import { SuccessView } from '../../features/exam/components/success-view.tsx';
import { useExamStatus } from '../../features/exam/use-exam-status.ts';
import { errorStatus } from '../../lib/error-status.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/**
 * /submission-success (spec section 4, decisions.md): before the exam the countdown; during it back to
 * the exam unless submitted (submitting ends the attempt); otherwise the confirmation.
 */
export function Component() {
  const { t } = useTranslation('exam');
  useDocumentTitle(t('success.title'));
  const location = useLocation();
  const submitted = (location.state as { submitted?: SubmitResult } | null)?.submitted;
  const { exam, now, phase, isLoading, error, refetch } = useExamStatus();
  const showSuccess = exam !== undefined && (exam.submitted_at !== null || phase === 'AFTER_EXAM');
  const count = useGetAnswerCountQuery(undefined, { skip: !showSuccess || submitted !== undefined });

  if (error && !exam) {
    const status = errorStatus(error);
    if (status === 403 || status === 404) return <Navigate to={paths.profile} replace />;
    return <ExamLoadError onRetry={refetch} />;
  }
  if (isLoading || !exam || now === null || !phase) return <ExamLoading />;
  if (phase === 'BEFORE_EXAM') return <CountdownView exam={exam} now={now} phase={phase} />;
  if (phase === 'DURING_EXAM' && exam.submitted_at === null) return <Navigate to={paths.finalExam} replace />;
  return (
    <SuccessView
      submittedAt={submitted?.submitted_at ?? exam.submitted_at ?? exam.ends_at}
      answered={submitted?.answered ?? count.data ?? null}
      total={submitted?.total ?? exam.total_questions}
      category={exam.category}
    />
  );
}

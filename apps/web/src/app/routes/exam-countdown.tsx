import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { CountdownView } from '../../features/exam/components/countdown-view.tsx';
import { ExamLoadError, ExamLoading } from '../../features/exam/components/exam-status.tsx';
import { useExamStatus } from '../../features/exam/use-exam-status.ts';
import { errorStatus } from '../../lib/error-status.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** /exam-countdown: the countdown before, the started message during, the ended message after. */
export function Component() {
  const { t } = useTranslation('exam');
  useDocumentTitle(t('countdown.title'));
  const { exam, now, phase, isLoading, error, refetch } = useExamStatus();
  if (error && !exam) {
    const status = errorStatus(error);
    if (status === 403 || status === 404) return <Navigate to={paths.profile} replace />;
    return <ExamLoadError onRetry={refetch} />;
  }
  if (isLoading || !exam || now === null || !phase) return <ExamLoading />;
  // The numbers count on the corrected clock; the view turns when the server confirms the edge.
  return <CountdownView exam={exam} now={now} phase={phase} />;
}

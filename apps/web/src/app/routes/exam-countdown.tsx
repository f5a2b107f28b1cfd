import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { Navigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { selectAuth } from '../../features/auth/slice.ts';
import { CountdownView } from '../../features/exam/components/countdown-view.tsx';
import { ExamLoadError, ExamLoading } from '../../features/exam/components/exam-status.tsx';
import { handOverStart } from '../../features/exam/start-handover.ts';
import { useExamStatus } from '../../features/exam/use-exam-status.ts';
import { usePaper } from '../../features/exam/use-paper.ts';
import { errorStatus } from '../../lib/error-status.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/**
 * How long after the start a page holding the paper waits for its key before it also asks for the exam
 * the ordinary way (a start moved later, a key that does not come).
 */
const KEY_WAIT_MS = 30_000;

/**
 * /exam-countdown: the countdown before, the started message during, the ended message after. Before the
 * start it downloads the question paper; at the start it opens it with the key and hands the questions to
 * the exam page, asking the server for nothing else in that second (use-paper.ts).
 */
export function Component() {
  const { t } = useTranslation('exam');
  useDocumentTitle(t('countdown.title'));
  const { user } = useSelector(selectAuth);
  const [holdStart, setHoldStart] = useState(false);
  const { exam, now, phase, isLoading, error, refetch } = useExamStatus({ holdStart });
  const paper = usePaper(exam);
  const startsAt = exam ? Date.parse(exam.starts_at) : 0;
  // Once open, the key's answer was the server's word on the start; until then, waited for a while.
  const holding = paper.phase === 'open' || (paper.phase !== 'failed' && (now ?? 0) < startsAt + KEY_WAIT_MS);
  useEffect(() => setHoldStart(holding), [holding]);

  const opened = paper.phase === 'open' && paper.questions !== null && exam?.submitted_at === null;
  useEffect(() => {
    if (!opened || !exam || !user || !paper.questions) return;
    handOverStart({
      userId: user.id,
      exam: { ...exam, phase: 'DURING_EXAM' },
      questions: paper.questions,
      at: Date.now(),
    });
  }, [opened, exam, user, paper.questions]);

  if (error && !exam) {
    const status = errorStatus(error);
    if (status === 403 || status === 404) return <Navigate to={paths.profile} replace />;
    return <ExamLoadError onRetry={refetch} />;
  }
  if (isLoading || !exam || now === null || !phase) return <ExamLoading />;
  // The numbers count on the corrected clock; the view turns when the server confirms the edge (its
  // answer to the key call confirms it too).
  const shown = opened && phase === 'BEFORE_EXAM' ? 'DURING_EXAM' : phase;
  return <CountdownView exam={exam} now={now} phase={shown} paper={paper.phase} />;
}

import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { Navigate, useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { selectAuth } from '../../features/auth/slice.ts';
import { type SubmitResult, useGetQuestionsQuery, useSubmitExamMutation } from '../../features/exam/api.ts';
import { ExamScreen } from '../../features/exam/components/exam-screen.tsx';
import { ExamLoadError, ExamLoading } from '../../features/exam/components/exam-status.tsx';
import { startExamCalls } from '../../features/exam/early-calls.ts';
import { submitAtTimeUp, submitNow } from '../../features/exam/finish-exam.ts';
import { rememberQuestionOrder } from '../../features/exam/question-order.ts';
import { clearStartHandover, peekStartHandover } from '../../features/exam/start-handover.ts';
import { serverTransport } from '../../features/exam/transport.ts';
import { useExamAnswers } from '../../features/exam/use-exam-answers.ts';
import { useExamStatus } from '../../features/exam/use-exam-status.ts';
import { orKept, useKeptQuestions } from '../../features/exam/use-kept-exam.ts';
import { errorStatus } from '../../lib/error-status.ts';
import { storeInPlace } from '../../lib/live-store.ts';
import { serverClock } from '../../lib/time-sync.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { loadersStore } from '../router-context.ts';

/**
 * Starts the page's own calls as soon as its code has loaded (the router loads it at once on a first
 * visit), alongside the signed-in session's (early-calls.ts). Not for a signed-out visitor (sent to log
 * in) nor for a page opened from the countdown at the start (it has the exam and questions already).
 */
export function loader() {
  const store = loadersStore();
  if (!store) return null;
  const { user, isAuthenticated } = store.getState().auth;
  if (isAuthenticated && !peekStartHandover(user?.id)) {
    // Somebody signed in has the real store already (main.tsx); the API's calls need it in place.
    void storeInPlace(store).then(() => startExamCalls(store.dispatch));
  }
  return null;
}

/**
 * /final-exam (spec sections 2 and 4): redirects by category and phase; during the window the exam,
 * with answers recorded through the device queue; Submit, or the clock at 0, records what is still
 * queued, submits and goes on to /submission-success, where the photos' bytes go on arriving.
 */
export function Component() {
  const { t } = useTranslation('exam');
  useDocumentTitle(t('examTitle'));
  const navigate = useNavigate();
  const { user } = useSelector(selectAuth);
  // Opened from the countdown at the start with the paper: the exam and questions are known already and
  // a first attempt has no answers, so nothing is asked for in the start second (start-handover.ts).
  const [handover] = useState(() => peekStartHandover(user?.id));
  useEffect(() => {
    if (handover) clearStartHandover();
  }, [handover]);
  const { exam, now, phase, isLoading, error, refetch } = useExamStatus({ seed: handover?.exam });
  const [finishing, setFinishing] = useState(false);
  // Once the exam is on screen it stays until it has been submitted (the clock at 0 keeps saving).
  const active = finishing || (phase === 'DURING_EXAM' && exam?.submitted_at === null);
  // After the end the questions are no longer served (403): a reconnection then must not ask again.
  const fetched = useGetQuestionsQuery(exam?.category ?? 'junior', {
    skip: !active || !exam || handover !== null,
    refetchOnReconnect: !finishing,
  });
  const got = handover?.questions ?? fetched.data;
  // On their way or with no connection, the questions this device kept for the window (exam-snapshot.ts).
  const kept = useKeptQuestions(user?.id, exam, got);
  const { value: questions, error: questionsError } = orKept(got, fetched.error, kept, fetched.isLoading);
  const [submitExam] = useSubmitExamMutation();
  const done = useRef(false);
  const { queue, recording } = useExamAnswers({
    scope: active && user ? `exam:${user.id}` : null,
    transport: () => serverTransport,
    noAnswersYet: handover !== null,
    // Each page's own moment in the exam's first seconds for its first save (lib/time-sync.ts).
    firstSaveAt: exam ? serverClock.firstSaveAt(Date.parse(exam.starts_at)) : undefined,
  });

  useEffect(() => {
    if (user && questions)
      rememberQuestionOrder(
        user.id,
        questions.map((question) => question.id),
      );
  }, [user, questions]);

  // The queue is not stopped: the success page takes it over and goes on delivering the photos.
  const finish = useCallback(
    (result: SubmitResult | undefined) => {
      done.current = true;
      navigate(paths.submissionSuccess, { replace: true, state: result ? { submitted: result } : null });
    },
    [navigate],
  );

  const onSubmit = useCallback(async () => {
    const messages = { unsaved: t('submitUnsaved'), failed: t('submitFailed') };
    finish(await submitNow(queue, () => submitExam().unwrap(), messages));
  }, [queue, submitExam, finish, t]);

  const onTimeUp = useCallback(() => {
    if (done.current) return;
    setFinishing(true);
    const endsAt = exam ? Date.parse(exam.ends_at) : serverClock.now();
    void submitAtTimeUp({ queue, submit: () => submitExam().unwrap(), endsAt, now: serverClock.now }).then(
      finish,
    );
  }, [exam, queue, submitExam, finish]);

  if (error && !exam) {
    const status = errorStatus(error);
    if (status === 403 || status === 404) return <Navigate to={paths.profile} replace />;
    return <ExamLoadError onRetry={refetch} />;
  }
  if (isLoading || !exam || now === null || !phase) return <ExamLoading />;
  if (exam.submitted_at !== null && !finishing) return <Navigate to={paths.submissionSuccess} replace />;
  if (phase === 'BEFORE_EXAM') return <Navigate to={paths.examCountdown} replace />;
  if (phase === 'AFTER_EXAM' && !finishing) return <Navigate to={paths.profile} replace />;
  if (questionsError && !questions) {
    const status = errorStatus(questionsError);
    if (status === 403) return <ExamLoading />;
    return <ExamLoadError onRetry={() => void fetched.refetch()} />;
  }
  if (!questions || !queue) return <ExamLoading />;

  return (
    <ExamScreen
      title={t('examTitle')}
      questions={questions}
      endsAt={Date.parse(exam.ends_at)}
      now={now}
      queue={queue}
      {...recording}
      onSubmit={onSubmit}
      onTimeUp={onTimeUp}
      finishing={finishing}
    />
  );
}

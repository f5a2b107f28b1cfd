import { examPhase } from '@ngso/shared/exam-phase';
import type { Exam, ExamPhase } from '@ngso/shared/schemas/exam';
import { useCallback, useEffect, useState } from 'react';
import { useSelector } from 'react-redux';
import { useServerNow } from '../../lib/time-sync.ts';
import { selectAuth } from '../auth/slice.ts';
import { useGetExamQuery } from './api.ts';
import { orKept, useKeptExam } from './use-kept-exam.ts';

export type ExamStatus = {
  exam: Exam | undefined;
  /** Server-corrected now; null until the clock has been asked. */
  now: number | null;
  /**
   * The phase to act on: the server's, re-fetched as soon as the corrected clock crosses an edge
   * (so a redirect never rests on the device's clock alone). With no connection and the exam this device
   * kept (use-kept-exam.ts), the corrected clock's: the only word there is until the connection returns.
   */
  phase: ExamPhase | null;
  /** The phase the corrected clock says now (the countdown shows it at once). */
  clientPhase: ExamPhase | null;
  isLoading: boolean;
  error: unknown;
  refetch: () => void;
};

export type ExamStatusOptions = {
  /**
   * The page opens the question paper at the start (use-paper.ts): the key's answer confirms the start,
   * so the exam is not asked for again at that edge (nor when the connection returns meanwhile).
   */
  holdStart?: boolean;
  /**
   * The exam as the countdown page knew it at the start (start-handover.ts): not asked for until the
   * window gets the focus again or an edge is crossed.
   */
  seed?: Exam;
};

/**
 * The student's exam and where it stands, ticking every second. With no connection, the exam this
 * device last had from the server (docs/decisions/060-offline-exam-pages.md).
 */
export function useExamStatus({ holdStart = false, seed }: ExamStatusOptions = {}): ExamStatus {
  const [live, setLive] = useState(seed === undefined);
  const query = useGetExamQuery(undefined, {
    skip: !live,
    refetchOnMountOrArgChange: true,
    refetchOnFocus: true,
    refetchOnReconnect: !holdStart,
  });
  const { user } = useSelector(selectAuth);
  const kept = useKeptExam(user?.id, query.data);
  const now = useServerNow();
  // On its way or unreachable: the device's copy is shown meanwhile, or looked for before the failure is.
  const onDevice = orKept(query.data ?? seed, query.error, kept, query.isLoading);
  const exam = onDevice.value;
  const clientPhase =
    exam && now !== null ? examPhase(now, { start: exam.starts_at, end: exam.ends_at }) : null;
  const { isFetching, fulfilledTimeStamp, refetch: refetchQuery } = query;
  const refetch = useCallback(() => {
    if (live) void refetchQuery();
    else setLive(true);
  }, [live, refetchQuery]);

  useEffect(() => {
    if (live) return;
    // A seeded page asks again once the student comes back to it (another tab may have submitted).
    const wake = () => {
      if (document.visibilityState !== 'hidden') setLive(true);
    };
    window.addEventListener('focus', wake);
    document.addEventListener('visibilitychange', wake);
    return () => {
      window.removeEventListener('focus', wake);
      document.removeEventListener('visibilitychange', wake);
    };
  }, [live]);

  useEffect(() => {
    if (!exam || !clientPhase || isFetching || clientPhase === exam.phase) return;
    if (holdStart && exam.phase === 'BEFORE_EXAM' && clientPhase === 'DURING_EXAM') return;
    // An edge was crossed: ask the server soon, then every 2 s while the two still disagree.
    const recent = fulfilledTimeStamp !== undefined && Date.now() - fulfilledTimeStamp < 2000;
    const timer = setTimeout(refetch, recent ? 2000 : 300);
    return () => clearTimeout(timer);
  }, [exam, clientPhase, isFetching, refetch, fulfilledTimeStamp, holdStart]);

  return {
    exam,
    now,
    phase: onDevice.fromDevice ? clientPhase : (exam?.phase ?? null),
    clientPhase,
    // A seeded page stays on screen while the exam is asked for again.
    isLoading:
      (query.isLoading && exam === undefined) || (exam !== undefined && now === null) || onDevice.reading,
    error: onDevice.error,
    refetch,
  };
}

import type { Exam, ExamPhase } from '@ngso/shared/schemas/exam';
import { useEffect } from 'react';
import { useServerNow } from '../../lib/time-sync.ts';
import { useGetExamQuery } from './api.ts';
import { derivePhase } from './phase.ts';

export type ExamStatus = {
  exam: Exam | undefined;
  /** Server-corrected now; null until the clock has been asked. */
  now: number | null;
  /**
   * The phase to act on: the server's, re-fetched as soon as the corrected clock crosses an edge
   * (so a redirect never rests on the device's clock alone).
   */
  phase: ExamPhase | null;
  /** The phase the corrected clock says now (the countdown shows it at once). */
  clientPhase: ExamPhase | null;
  isLoading: boolean;
  error: unknown;
  refetch: () => void;
};

/** The student's exam and where it stands, ticking every second. */
export function useExamStatus(): ExamStatus {
  const query = useGetExamQuery(undefined, { refetchOnMountOrArgChange: true, refetchOnFocus: true });
  const now = useServerNow();
  const exam = query.data;
  const clientPhase = exam && now !== null ? derivePhase(now, exam.starts_at, exam.ends_at) : null;
  const { refetch, isFetching, fulfilledTimeStamp } = query;

  useEffect(() => {
    if (!exam || !clientPhase || isFetching || clientPhase === exam.phase) return;
    // An edge was crossed: ask the server soon, then every 2 s while the two still disagree.
    const recent = fulfilledTimeStamp !== undefined && Date.now() - fulfilledTimeStamp < 2000;
    const timer = setTimeout(() => void refetch(), recent ? 2000 : 300);
    return () => clearTimeout(timer);
  }, [exam, clientPhase, isFetching, refetch, fulfilledTimeStamp]);

  return {
    exam,
    now,
    phase: exam?.phase ?? null,
    clientPhase,
    isLoading: query.isLoading || (exam !== undefined && now === null),
    error: query.error,
    refetch: () => void refetch(),
  };
}

import type { ExamPhase } from '@ngso/shared/schemas/exam';

/** The student's window: the exam's start, and its end moved by any extra minutes they were given. */
export function studentWindow(exam: { startsAt: Date; endsAt: Date }, extraMinutes: number) {
  return { start: exam.startsAt, end: new Date(exam.endsAt.getTime() + extraMinutes * 60_000) };
}

/** BEFORE before the start, DURING from the start up to (not including) the end, AFTER from the end on. */
export function examPhase(now: Date, window: { start: Date; end: Date }): ExamPhase {
  if (now < window.start) return 'BEFORE_EXAM';
  if (now < window.end) return 'DURING_EXAM';
  return 'AFTER_EXAM';
}

import type { ExamPhase } from './schemas/exam.ts';

/** An instant as a Date, milliseconds since the epoch, or an ISO 8601 string with its offset. */
export type Instant = Date | number | string;

const millis = (t: Instant) => (t instanceof Date ? t.getTime() : typeof t === 'number' ? t : Date.parse(t));

/**
 * The one exam phase rule (server and web): BEFORE before the start, DURING from the start up to
 * (not including) the end, AFTER from the end on. The phase decides what a student may do.
 */
export function examPhase(now: Instant, window: { start: Instant; end: Instant }): ExamPhase {
  const at = millis(now);
  if (at < millis(window.start)) return 'BEFORE_EXAM';
  if (at < millis(window.end)) return 'DURING_EXAM';
  return 'AFTER_EXAM';
}

/** The student's window: the exam's start, and its end moved by any extra minutes they were given. */
export function studentWindow(exam: { startsAt: Date; endsAt: Date }, extraMinutes: number) {
  return { start: exam.startsAt, end: new Date(exam.endsAt.getTime() + extraMinutes * 60_000) };
}

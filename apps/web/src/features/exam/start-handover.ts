import type { Exam, Question } from '@ngso/shared/schemas/exam';

/**
 * What the countdown page hands to the exam page when it opened the paper at the start: the exam (known
 * before the start) and the questions (from the paper), so the exam page asks the server for neither, and,
 * the attempt being a first one, for no answers either. In memory only: a reload, a late arrival or a later
 * visit uses the ordinary calls.
 */
export type StartHandover = { userId: string; exam: Exam; questions: Question[]; at: number };

/** A handover older than this is not used (the student may have done anything meanwhile). */
const VALID_MS = 2 * 60_000;

let handover: StartHandover | null = null;

export function handOverStart(value: StartHandover): void {
  handover = value;
}

/** The handover for `userId`, if one was made in the last two minutes (device clock). */
export function peekStartHandover(userId: string | undefined, now = Date.now()): StartHandover | null {
  if (!handover || handover.userId !== userId || now - handover.at > VALID_MS) return null;
  return handover;
}

/** Used once: the exam page forgets it once shown (a later visit asks the server). */
export function clearStartHandover(): void {
  handover = null;
}

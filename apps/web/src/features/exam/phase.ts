import type { ExamPhase } from '@ngso/shared/schemas/exam';

/**
 * The exam phase on the client, from the server-corrected now (lib/time-sync.ts): BEFORE before the
 * start, DURING from the start up to (not including) the end, AFTER from the end on, as on the server.
 */
export function derivePhase(now: number, startsAt: string | number, endsAt: string | number): ExamPhase {
  const start = typeof startsAt === 'number' ? startsAt : Date.parse(startsAt);
  const end = typeof endsAt === 'number' ? endsAt : Date.parse(endsAt);
  if (now < start) return 'BEFORE_EXAM';
  if (now < end) return 'DURING_EXAM';
  return 'AFTER_EXAM';
}

export type DurationParts = { days: number; hours: number; minutes: number; seconds: number };

/** Whole seconds left until `target` (ms since the epoch), never below 0; rounds up so 0 means "reached". */
export function secondsLeft(now: number, target: string | number): number {
  const end = typeof target === 'number' ? target : Date.parse(target);
  return Math.max(0, Math.ceil((end - now) / 1000));
}

/** A count of seconds as days, hours, minutes and seconds (the countdown's boxes). */
export function splitSeconds(total: number): DurationParts {
  const s = Math.max(0, Math.floor(total));
  return {
    days: Math.floor(s / 86_400),
    hours: Math.floor((s % 86_400) / 3600),
    minutes: Math.floor((s % 3600) / 60),
    seconds: s % 60,
  };
}

const two = (n: number) => String(n).padStart(2, '0');

/** The exam header's clock: H:MM:SS from an hour up, else MM:SS. */
export function formatClock(totalSeconds: number): string {
  const { days, hours, minutes, seconds } = splitSeconds(totalSeconds);
  const allHours = days * 24 + hours;
  return allHours > 0 ? `${allHours}:${two(minutes)}:${two(seconds)}` : `${two(minutes)}:${two(seconds)}`;
}

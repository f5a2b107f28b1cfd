/** The exam clock on the client: seconds left and the countdown's boxes. The phase rule is @ngso/shared/exam-phase. */

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

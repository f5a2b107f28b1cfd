import { tz } from '@date-fns/tz';
import { TIME_ZONE } from '@ngso/shared/constants';
import { format } from 'date-fns';

/**
 * The one place dates are formatted: always in Asia/Dhaka, whatever the device's zone.
 * `pattern` is a date-fns pattern, e.g. 'MMMM d, yyyy'.
 */
export function formatInDhaka(date: Date | string | number, pattern: string): string {
  return format(date, pattern, { in: tz(TIME_ZONE) });
}

/** The current year in Bangladesh (the copyright line); in its own module, free of date-fns. */
export { currentYear } from './current-year.ts';

/** A count of seconds as m:ss (the forgot-password resend countdown). */
export function formatCountdown(totalSeconds: number): string {
  const seconds = Math.max(0, Math.ceil(totalSeconds));
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}

import { TIME_ZONE } from '@ngso/shared/constants';

/**
 * The current year in Bangladesh (the copyright line). Intl rather than date-fns, and a module of its
 * own: the footer is on every page, and this keeps date-fns out of the first load.
 */
export function currentYear(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, year: 'numeric' }).format(now);
}

import { TIME_ZONE } from '@ngso/shared/constants';
import { localiseDigits } from '@ngso/shared/language';
import { i18next } from '../i18n/i18n.ts';

/**
 * The current year in Bangladesh (the copyright line), in the language's digits. Intl rather than
 * date-fns, and a module of its own: the footer is on every page, and this keeps date-fns out of the
 * first load.
 */
export function currentYear(now: Date = new Date(), language: string = i18next.language): string {
  const year = new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, year: 'numeric' }).format(now);
  return localiseDigits(year, language);
}

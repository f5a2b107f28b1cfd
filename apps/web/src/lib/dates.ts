import { tz } from '@date-fns/tz';
import { TIME_ZONE } from '@ngso/shared/constants';
import { banglaPattern } from '@ngso/shared/date-patterns';
import { intlLocale, localiseDigits, toLanguage } from '@ngso/shared/language';
import { format } from 'date-fns';
import { bn } from 'date-fns/locale/bn';
import { i18next } from '../i18n/i18n.ts';

/**
 * The one place dates are formatted: always in Asia/Dhaka, whatever the device's zone, in the
 * interface's language (Bangla month names and digits in Bangla).
 * `pattern` is a date-fns pattern, e.g. 'MMMM d, yyyy'.
 */
export function formatInDhaka(
  date: Date | string | number,
  pattern: string,
  language: string = i18next.language,
): string {
  if (toLanguage(language) !== 'bn') return format(date, pattern, { in: tz(TIME_ZONE) });
  // date-fns' Bangla locale names months and day periods in Bangla but writes numbers with ASCII digits.
  return localiseDigits(format(date, banglaPattern(pattern), { in: tz(TIME_ZONE), locale: bn }), 'bn');
}

/** A count of seconds as m:ss, in the language's digits; in its own module, free of date-fns. */
export { formatCountdown } from './countdown.ts';
/** The current year in Bangladesh (the copyright line); in its own module, free of date-fns. */
export { currentYear } from './current-year.ts';

/** A number in the language's digits and grouping (১,২৩৪ in Bangla). */
export function formatNumber(value: number, language: string = i18next.language): string {
  return new Intl.NumberFormat(intlLocale(language)).format(value);
}

/** A text's digits in the language's numerals (a clock such as '12:05' → '১২:০৫' in Bangla). */
export function formatDigits(text: string, language: string = i18next.language): string {
  return localiseDigits(text, language);
}

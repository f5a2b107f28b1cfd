import { TIME_ZONE } from '@ngso/shared/constants';
import { localiseDigits, toLanguage } from '@ngso/shared/language';
import { i18next } from '../i18n/i18n.ts';

/**
 * A day and a time of day in Asia/Dhaka with the browser's own Intl, for the pages that must not load
 * date-fns (the events page; docs/decisions/069-script-budget-per-route.md). The texts are those of
 * `formatInDhaka` (lib/dates.ts) with 'MMM d, yyyy' and 'h:mm a': 'Jan 10, 2024' and '9:00 AM' in English,
 * '১০ জানুয়ারি ২০২৪' and 'সকাল ৯:০০' in Bangla (a test compares the two for every month and hour).
 */

type Parts = Partial<Record<Intl.DateTimeFormatPartTypes, string>>;

const formats = new Map<string, Intl.DateTimeFormat>();

function partsInDhaka(
  date: Date | string | number,
  locale: string,
  options: Intl.DateTimeFormatOptions,
): Parts {
  const key = `${locale}:${JSON.stringify(options)}`;
  let dateFormat = formats.get(key);
  if (!dateFormat) {
    dateFormat = new Intl.DateTimeFormat(locale, { timeZone: TIME_ZONE, ...options });
    formats.set(key, dateFormat);
  }
  const parts: Parts = {};
  for (const part of dateFormat.formatToParts(new Date(date))) parts[part.type] = part.value;
  return parts;
}

/**
 * The part of the day Bangla names before a time, by the hour (0-23): the flexible day periods of
 * date-fns' Bangla locale, which the rest of the app writes (formatInDhaka's 'B').
 */
export function banglaDayPeriod(hour: number): string {
  if (hour >= 17) return 'সন্ধ্যা';
  if (hour >= 12) return 'বিকাল';
  if (hour >= 4) return 'সকাল';
  return 'রাত';
}

/**
 * Bangla's য় as the one code point (U+09DF) the rest of the app writes (date-fns' Bangla locale, the
 * server's admit card), where Intl writes য followed by the nukta: the same letter, the same text to a search.
 */
const precomposedYa = (text: string): string => text.replaceAll('\u09AF\u09BC', '\u09DF');

/** The day in Dhaka: 'Jan 10, 2024' in English, '১০ জানুয়ারি ২০২৪' in Bangla. */
export function formatDayInDhaka(date: Date | string | number, language: string = i18next.language): string {
  if (toLanguage(language) !== 'bn') {
    const { month, day, year } = partsInDhaka(date, 'en-US', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
    });
    return `${month} ${day}, ${year}`;
  }
  const { month, day, year } = partsInDhaka(date, 'bn-BD', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    numberingSystem: 'latn',
  });
  return localiseDigits(`${day} ${precomposedYa(month ?? '')} ${year}`, 'bn');
}

/** The time of day in Dhaka: '9:00 AM' in English, 'সকাল ৯:০০' in Bangla. */
export function formatTimeInDhaka(date: Date | string | number, language: string = i18next.language): string {
  const { hour, minute, dayPeriod } = partsInDhaka(date, 'en-US', {
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  });
  if (toLanguage(language) !== 'bn') return `${hour}:${minute} ${dayPeriod}`;
  const hour24 = Number(partsInDhaka(date, 'en-US', { hour: 'numeric', hourCycle: 'h23' }).hour);
  return localiseDigits(`${banglaDayPeriod(hour24)} ${hour}:${minute}`, 'bn');
}

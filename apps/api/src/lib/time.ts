import { TZDate, tz } from '@date-fns/tz';
import { TIME_ZONE } from '@ngso/shared/constants';
import { banglaPattern } from '@ngso/shared/date-patterns';
import { type Language, toBanglaDigits } from '@ngso/shared/language';
import { format, formatISO } from 'date-fns';
import { bn } from 'date-fns/locale/bn';

/** An instant as ISO 8601 with Dhaka's offset, e.g. 2025-01-14T17:00:00+06:00 (api.md). */
export const toDhakaIso = (date: Date) => formatISO(new TZDate(date, TIME_ZONE));

/**
 * An instant in Asia/Dhaka with a date-fns pattern ('MMMM d, yyyy', 'h:mm a'), in English or in Bangla
 * (Bangla month names and parts of the day, Bangla digits: the web app's rule, lib/dates.ts there).
 */
export function formatInDhaka(date: Date, pattern: string, language: Language): string {
  if (language !== 'bn') return format(date, pattern, { in: tz(TIME_ZONE) });
  return toBanglaDigits(format(date, banglaPattern(pattern), { in: tz(TIME_ZONE), locale: bn }));
}

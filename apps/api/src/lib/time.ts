import { tz, tzOffset } from '@date-fns/tz';
import { TIME_ZONE } from '@ngso/shared/constants';
import { banglaPattern } from '@ngso/shared/date-patterns';
import { type Language, toBanglaDigits } from '@ngso/shared/language';
import { format } from 'date-fns';
import { bn } from 'date-fns/locale/bn';

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** The last second whose offset was looked up, and that offset. */
let offsetSecond = Number.NaN;
let secondOffset = 0;

/**
 * Dhaka's offset in minutes at an instant. The zone's data changes offsets at whole seconds, so an offset
 * holds for the whole second: the look-up (Intl formats a date for it) is done once per second, not for
 * each of the thousands of calls a second that send the time.
 */
function dhakaOffset(date: Date): number {
  const second = Math.floor(date.getTime() / 1000);
  if (second !== offsetSecond) {
    secondOffset = tzOffset(TIME_ZONE, date);
    offsetSecond = second;
  }
  return secondOffset;
}

/**
 * An instant as ISO 8601 with Dhaka's offset, e.g. 2025-01-14T17:00:00+06:00 (api.md): what date-fns's
 * `formatISO` writes for a date in the zone, from one look-up of the zone's offset (the JSON of every call
 * that carries a time pays for it; formatISO on a TZDate looks the offset up several times).
 */
export function toDhakaIso(date: Date): string {
  const offset = dhakaOffset(date);
  const local = new Date(date.getTime() + offset * 60_000).toISOString().slice(0, 19);
  const sign = offset < 0 ? '-' : '+';
  return `${local}${sign}${twoDigits(Math.floor(Math.abs(offset) / 60))}:${twoDigits(Math.abs(offset) % 60)}`;
}

/**
 * An instant in Asia/Dhaka with a date-fns pattern ('MMMM d, yyyy', 'h:mm a'), in English or in Bangla
 * (Bangla month names and parts of the day, Bangla digits: the web app's rule, lib/dates.ts there).
 */
export function formatInDhaka(date: Date, pattern: string, language: Language): string {
  if (language !== 'bn') return format(date, pattern, { in: tz(TIME_ZONE) });
  return toBanglaDigits(format(date, banglaPattern(pattern), { in: tz(TIME_ZONE), locale: bn }));
}

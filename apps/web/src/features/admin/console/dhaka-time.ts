import { formatInDhaka } from '../../../lib/dates.ts';

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** An instant as a datetime-local value (yyyy-MM-ddTHH:mm) in Asia/Dhaka, whatever the device's zone. */
export function isoToDhakaLocal(iso: string): string {
  return formatInDhaka(iso, "yyyy-MM-dd'T'HH:mm");
}

/**
 * A datetime-local value read as Asia/Dhaka time, as ISO 8601 with the +06:00 offset (Bangladesh keeps
 * no daylight saving time), e.g. 2025-01-14T17:00:00+06:00. Null when it is not a complete value.
 */
export function dhakaLocalToIso(local: string): string | null {
  const match = LOCAL.exec(local.trim());
  if (!match) return null;
  const [, year, month, day, hour, minute] = match.map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const check = new Date(Date.UTC(year, month - 1, day, hour, minute));
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59)
    return null;
  return `${local.trim()}:00+06:00`;
}

import { tz } from '@date-fns/tz';
import { TIME_ZONE } from '@ngso/shared/constants';
import { formatISO, isValid, parse } from 'date-fns';
import { formatInDhaka } from '../../../lib/dates.ts';

/** The value of a datetime-local input. */
const LOCAL_PATTERN = "yyyy-MM-dd'T'HH:mm";

/** An instant as a datetime-local value (yyyy-MM-ddTHH:mm) in Asia/Dhaka, whatever the device's zone. */
export function isoToDhakaLocal(iso: string): string {
  return formatInDhaka(iso, LOCAL_PATTERN);
}

/**
 * A datetime-local value read as Asia/Dhaka time (with @date-fns/tz, as the server does), as ISO 8601
 * with Dhaka's offset, e.g. 2025-01-14T17:00:00+06:00. Null when it is not a complete, real value.
 */
export function dhakaLocalToIso(local: string): string | null {
  const value = local.trim();
  if (value.length !== LOCAL_PATTERN.length - 2) return null;
  const inDhaka = tz(TIME_ZONE);
  const date = parse(value, LOCAL_PATTERN, inDhaka(Date.now()), { in: inDhaka });
  return isValid(date) ? formatISO(date, { in: inDhaka }) : null;
}

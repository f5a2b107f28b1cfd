import { TZDate } from '@date-fns/tz';
import { TIME_ZONE } from '@ngso/shared/constants';
import { formatISO } from 'date-fns';

/** An instant as ISO 8601 with Dhaka's offset, e.g. 2025-01-14T17:00:00+06:00 (api.md). */
export const toDhakaIso = (date: Date) => formatISO(new TZDate(date, TIME_ZONE));

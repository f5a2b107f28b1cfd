import { describe, expect, it } from 'vitest';
import { formatInDhaka } from './dates.ts';
import { formatDayInDhaka, formatTimeInDhaka } from './dhaka-intl-dates.ts';

describe('a day and a time in Dhaka with Intl, the same texts as with date-fns', () => {
  it('writes the events page’s texts in English and Bangla', () => {
    const start = '2024-01-10T09:00:00+06:00';
    const end = '2024-01-10T17:00:00+06:00';
    expect(formatDayInDhaka(start, 'en')).toBe('Jan 10, 2024');
    expect(formatTimeInDhaka(start, 'en')).toBe('9:00 AM');
    expect(formatTimeInDhaka(end, 'en')).toBe('5:00 PM');
    expect(formatDayInDhaka(start, 'bn')).toBe('১০ জানু\u09DFারি ২০২৪');
    expect(formatTimeInDhaka(start, 'bn')).toBe('সকাল ৯:০০');
    expect(formatTimeInDhaka(end, 'bn')).toBe('সন্ধ্যা ৫:০০');
  });

  it('agrees with formatInDhaka for every month, and every hour and minute of a day, in both languages', () => {
    for (const language of ['en', 'bn']) {
      for (let month = 0; month < 12; month += 1) {
        // 20:30 UTC is the next day in Dhaka: the day is Dhaka's, not the device's.
        const date = new Date(Date.UTC(2025, month, 28, 20, 30));
        expect(formatDayInDhaka(date, language)).toBe(formatInDhaka(date, 'MMM d, yyyy', language));
      }
      for (let minutes = 0; minutes < 24 * 60; minutes += 7) {
        const date = new Date(Date.UTC(2024, 5, 1, 0, minutes));
        expect(formatTimeInDhaka(date, language)).toBe(formatInDhaka(date, 'h:mm a', language));
      }
    }
  });
});

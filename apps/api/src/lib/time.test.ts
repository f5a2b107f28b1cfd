import { TZDate } from '@date-fns/tz';
import { formatISO } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { toDhakaIso } from './time.ts';

describe('toDhakaIso', () => {
  it("writes an instant as date-fns's formatISO writes it in Asia/Dhaka", () => {
    const instants = [
      Date.UTC(2025, 0, 14, 11, 0, 0),
      Date.UTC(2026, 11, 31, 18, 30, 59, 999),
      // Bangladesh's one summer time began at 23:00 on 19 June 2009 and ended at the end of the year: the
      // last instant before each change, then the first after it.
      Date.UTC(2009, 5, 19, 16, 59, 59, 999),
      Date.UTC(2009, 5, 19, 17, 0, 0),
      Date.UTC(2009, 11, 31, 16, 59, 59, 999),
      Date.UTC(2009, 11, 31, 17, 0, 0),
      Date.UTC(1971, 2, 26, 0, 0, 0),
      0,
    ];
    for (let i = 0; i < 200; i++) instants.push(Date.UTC(2000, 0, 1) + Math.floor(Math.random() * 1e12));
    for (const instant of instants) {
      const date = new Date(instant);
      expect(toDhakaIso(date)).toBe(formatISO(new TZDate(date, 'Asia/Dhaka')));
    }
  });

  it('says +06:00 for today', () => {
    expect(toDhakaIso(new Date('2026-11-26T00:30:00Z'))).toBe('2026-11-26T06:30:00+06:00');
  });
});

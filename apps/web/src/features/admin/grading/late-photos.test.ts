import { describe, expect, it } from 'vitest';
import { durationParts, latenessOf } from './late-photos.ts';

describe('late photos', () => {
  it('writes a length of time in seconds, minutes and seconds, or hours and minutes', () => {
    expect(durationParts(0)).toEqual({ unit: 'seconds', seconds: 0 });
    expect(durationParts(-30_400)).toEqual({ unit: 'seconds', seconds: 30 });
    expect(durationParts(150_000)).toEqual({ unit: 'minutes', minutes: 2, seconds: 30 });
    expect(durationParts(3_599_600)).toEqual({ unit: 'hours', hours: 1, minutes: 0 });
    expect(durationParts(2 * 3_600_000 + 5 * 60_000 + 59_000)).toEqual({
      unit: 'hours',
      hours: 2,
      minutes: 5,
    });
  });

  it("measures how late by the server's clock and by the phone's, from the student's own end", () => {
    const photo = {
      ends_at: '2026-03-01T11:00:00+06:00',
      received_at: '2026-03-01T11:02:30+06:00',
      taken_at: '2026-03-01T04:59:30Z',
    };
    expect(latenessOf(photo)).toEqual({ receivedAfter: 150_000, takenAfter: -30_000 });
    expect(latenessOf({ ...photo, taken_at: null }).takenAfter).toBeNull();
  });
});

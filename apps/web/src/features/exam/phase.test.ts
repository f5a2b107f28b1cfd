import { examPhase } from '@ngso/shared/exam-phase';
import { describe, expect, it } from 'vitest';
import { createTimeSync } from '../../lib/time-sync.ts';
import { formatClock, secondsLeft, splitSeconds } from './phase.ts';

const START = '2025-01-14T17:00:00+06:00';
const END = '2025-01-14T18:00:00+06:00';
const at = (iso: string) => Date.parse(iso);

describe('the countdown', () => {
  it('splits into days, hours, minutes and seconds', () => {
    expect(splitSeconds(2 * 86_400 + 3 * 3600 + 4 * 60 + 5)).toEqual({
      days: 2,
      hours: 3,
      minutes: 4,
      seconds: 5,
    });
    expect(splitSeconds(-5)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });

  it('formats the exam clock', () => {
    expect(formatClock(3600)).toBe('1:00:00');
    expect(formatClock(59 * 60 + 9)).toBe('59:09');
    expect(formatClock(0)).toBe('00:00');
  });

  it('counts down to the fixed end instant from the server-corrected clock, whatever the phone says', async () => {
    const serverNow = at('2025-01-14T17:15:00+06:00');
    // The phone's clock is an hour slow: on its own it would show 1:45:00 left.
    const device = serverNow - 3_600_000;
    const clock = createTimeSync({ deviceNow: () => device, fetchServerTime: async () => serverNow });
    expect(formatClock(secondsLeft(device, END))).toBe('1:45:00');
    await clock.sync();
    expect(formatClock(secondsLeft(clock.now(), END))).toBe('45:00');
    expect(examPhase(clock.now(), { start: START, end: END })).toBe('DURING_EXAM');
    // Half a second later it still shows 45:00 (rounded up), never a decremented counter.
    expect(secondsLeft(clock.now() + 500, END)).toBe(2700);
    expect(secondsLeft(clock.now() + 1000, END)).toBe(2699);
  });
});

import { describe, expect, it } from 'vitest';
import { examPhase, studentWindow } from './exam-phase.ts';

const START = '2025-01-14T17:00:00+06:00';
const END = '2025-01-14T18:00:00+06:00';
const at = (iso: string) => Date.parse(iso);

describe('examPhase', () => {
  it('is BEFORE before the start, DURING up to the end (exclusive), AFTER from the end', () => {
    const window = { start: START, end: END };
    expect(examPhase(at('2025-01-14T16:59:59.999+06:00'), window)).toBe('BEFORE_EXAM');
    expect(examPhase(at(START), window)).toBe('DURING_EXAM');
    expect(examPhase(at('2025-01-14T17:59:59.999+06:00'), window)).toBe('DURING_EXAM');
    expect(examPhase(at(END), window)).toBe('AFTER_EXAM');
  });

  it('gives the same phase for a Date, milliseconds and an ISO string (server and web agree)', () => {
    const now = new Date('2025-01-14T17:30:00+06:00');
    const window = { start: new Date(START), end: new Date(END) };
    expect(examPhase(now, window)).toBe('DURING_EXAM');
    expect(examPhase(now.getTime(), { start: at(START), end: at(END) })).toBe('DURING_EXAM');
    expect(examPhase(now.toISOString(), { start: START, end: END })).toBe('DURING_EXAM');
  });
});

describe('studentWindow', () => {
  it('moves only the end by the extra minutes', () => {
    const window = studentWindow({ startsAt: new Date(START), endsAt: new Date(END) }, 15);
    expect(window.start.toISOString()).toBe(new Date(START).toISOString());
    expect(window.end.toISOString()).toBe(new Date('2025-01-14T18:15:00+06:00').toISOString());
    expect(examPhase(at('2025-01-14T18:10:00+06:00'), window)).toBe('DURING_EXAM');
  });
});

import { describe, expect, it } from 'vitest';
import { checkMarks } from './marks.ts';

describe('checkMarks', () => {
  it('accepts whole numbers from 0 to the maximum', () => {
    expect(checkMarks('0', 10)).toEqual({ ok: true, marks: 0 });
    expect(checkMarks(' 10 ', 10)).toEqual({ ok: true, marks: 10 });
    expect(checkMarks('4', null)).toEqual({ ok: true, marks: 4 });
  });

  it('refuses an empty value, fractions and text', () => {
    expect(checkMarks('', 10)).toEqual({ ok: false, error: 'required' });
    expect(checkMarks('2.5', 10)).toEqual({ ok: false, error: 'whole' });
    expect(checkMarks('five', 10)).toEqual({ ok: false, error: 'whole' });
  });

  it('refuses marks below 0 or above the maximum', () => {
    expect(checkMarks('-1', 10)).toEqual({ ok: false, error: 'range' });
    expect(checkMarks('11', 10)).toEqual({ ok: false, error: 'range' });
    // Without a known maximum only the server can refuse a high value.
    expect(checkMarks('99', null)).toEqual({ ok: true, marks: 99 });
  });
});

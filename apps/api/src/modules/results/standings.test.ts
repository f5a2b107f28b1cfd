import { describe, expect, it } from 'vitest';
import { awardFor, effectiveMarks, rankByTotal } from './standings.ts';

describe('rankByTotal', () => {
  it('lets ties share a rank and skips the next', () => {
    const ranked = rankByTotal([
      { id: 'a', total: 40 },
      { id: 'b', total: 55 },
      { id: 'c', total: 40 },
      { id: 'd', total: 12 },
    ]);
    expect(ranked.map((r) => [r.id, r.rank, r.award])).toEqual([
      ['b', 1, 'gold'],
      ['a', 2, 'silver'],
      ['c', 2, 'silver'],
      ['d', 4, 'prize'],
    ]);
  });

  it('gives awards by band', () => {
    expect([1, 2, 3, 4, 50, 51].map(awardFor)).toEqual(['gold', 'silver', 'bronze', 'prize', 'prize', null]);
  });

  it('counts an override before the grader', () => {
    expect(effectiveMarks({ graderMarks: 6, overrideMarks: 8 })).toBe(8);
    expect(effectiveMarks({ graderMarks: 6, overrideMarks: null })).toBe(6);
    expect(effectiveMarks(undefined)).toBeNull();
  });
});

import { DEFAULT_AWARD_BANDS } from '@ngso/shared/schemas/competitions';
import { describe, expect, it } from 'vitest';
import { awardFor, effectiveMarks, rankByTotal } from './standings.ts';

describe('rankByTotal', () => {
  it('lets ties share a rank and skips the next', () => {
    const ranked = rankByTotal(
      [
        { id: 'a', total: 40 },
        { id: 'b', total: 55 },
        { id: 'c', total: 40 },
        { id: 'd', total: 12 },
      ],
      DEFAULT_AWARD_BANDS,
    );
    expect(ranked.map((r) => [r.id, r.rank, r.award])).toEqual([
      ['b', 1, 'gold'],
      ['a', 2, 'silver'],
      ['c', 2, 'silver'],
      ['d', 4, 'prize'],
    ]);
  });

  it('gives awards by band: the default is gold, silver, bronze for the top 3 and prizes to rank 50', () => {
    expect([1, 2, 3, 4, 50, 51].map((rank) => awardFor(rank, DEFAULT_AWARD_BANDS))).toEqual([
      'gold',
      'silver',
      'bronze',
      'prize',
      'prize',
      null,
    ]);
  });

  it('follows configured bands, where an equal bound leaves a band empty', () => {
    const bands = { gold_up_to: 2, silver_up_to: 2, bronze_up_to: 5, prize_up_to: 10 };
    expect([1, 2, 3, 5, 6, 10, 11].map((rank) => awardFor(rank, bands))).toEqual([
      'gold',
      'gold',
      'bronze',
      'bronze',
      'prize',
      'prize',
      null,
    ]);
  });

  it('counts an override before the grader', () => {
    expect(effectiveMarks({ graderMarks: 6, overrideMarks: 8 })).toBe(8);
    expect(effectiveMarks({ graderMarks: 6, overrideMarks: null })).toBe(6);
    expect(effectiveMarks(undefined)).toBeNull();
  });
});

import type { GradingImage } from '@ngso/shared/schemas/results';
import { describe, expect, it } from 'vitest';
import { emptyState, isGradable, rubricTotal, signedPoints } from './grading.ts';

const image = (sha256: string, state: GradingImage['state']): GradingImage => ({
  sha256,
  url: state === 'ready' ? `/api/v1/media/${sha256}` : null,
  state,
  late: false,
});

describe('answers whose photos are not all here', () => {
  it('can be graded once one photo is ready, or once every photo failed; not while they arrive', () => {
    expect(isGradable([image('a', 'arriving'), image('b', 'ready')])).toBe(true);
    expect(isGradable([image('a', 'failed'), image('b', 'failed')])).toBe(true);
    expect(isGradable([image('a', 'arriving')])).toBe(false);
    expect(isGradable([image('a', 'processing'), image('b', 'failed')])).toBe(false);
    expect(isGradable([])).toBe(false);
  });
});

describe('when no answer is handed out', () => {
  it('says whether nobody answered, others still hold answers, photos are awaited, or all is graded', () => {
    expect(emptyState({ total: 0, graded: 0, claimed: 0, waiting: 0 })).toBe('none');
    expect(emptyState({ total: 5, graded: 3, claimed: 2, waiting: 0 })).toBe('othersWorking');
    expect(emptyState({ total: 5, graded: 4, claimed: 0, waiting: 1 })).toBe('waiting');
    expect(emptyState({ total: 5, graded: 5, claimed: 0, waiting: 0 })).toBe('done');
  });
});

describe('the rubric mark', () => {
  const items = [
    { id: 'a', position: 1, text: 'Formula', points: 4 },
    { id: 'b', position: 2, text: 'Units', points: 2 },
    { id: 'c', position: 3, text: 'Slip', points: -1 },
  ];
  it('sums the ticked items and the adjustment, from 0 to the maximum', () => {
    expect(rubricTotal(items, new Set(['a', 'b']), 0, 10)).toBe(6);
    expect(rubricTotal(items, new Set(['a', 'c']), 0, 10)).toBe(3);
    expect(rubricTotal(items, new Set(['c']), 0, 10)).toBe(0);
    expect(rubricTotal(items, new Set(['a', 'b']), 10, 10)).toBe(10);
    expect(rubricTotal(items, new Set(), -2, 10)).toBe(0);
    expect(signedPoints(4)).toBe('+4');
    expect(signedPoints(-1)).toBe('−1');
  });
});

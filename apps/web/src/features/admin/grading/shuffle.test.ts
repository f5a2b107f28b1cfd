import { describe, expect, it } from 'vitest';
import { hash32, stableShuffle } from './shuffle.ts';

const ids = Array.from({ length: 30 }, (_, index) => `student-${index}`);
const key = (id: string) => id;

describe('stableShuffle', () => {
  it('gives the same order for the same seed (a reload keeps it)', () => {
    expect(stableShuffle(ids, 'grader-1/q1', key)).toEqual(stableShuffle([...ids], 'grader-1/q1', key));
  });

  it('does not depend on the order the server sent', () => {
    const reversed = [...ids].reverse();
    expect(stableShuffle(reversed, 'grader-1/q1', key)).toEqual(stableShuffle(ids, 'grader-1/q1', key));
  });

  it('shuffles: another seed gives another order, and neither is the input order', () => {
    const a = stableShuffle(ids, 'grader-1/q1', key);
    const b = stableShuffle(ids, 'grader-2/q1', key);
    expect(a).not.toEqual(ids);
    expect(a).not.toEqual(b);
    expect([...a].sort()).toEqual([...ids].sort());
  });

  it('keeps the others in place when an item is added', () => {
    const before = stableShuffle(ids, 'seed', key);
    const after = stableShuffle([...ids, 'student-new'], 'seed', key).filter((id) => id !== 'student-new');
    expect(after).toEqual(before);
  });

  it('hashes strings to unsigned 32-bit numbers', () => {
    expect(hash32('')).toBe(0x811c9dc5);
    expect(hash32('a')).not.toBe(hash32('b'));
    expect(hash32('abc')).toBeGreaterThanOrEqual(0);
  });
});

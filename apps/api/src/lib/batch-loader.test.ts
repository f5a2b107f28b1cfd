import { describe, expect, it } from 'vitest';
import { batchLoader } from './batch-loader.ts';

describe('batchLoader', () => {
  it('answers the lookups of one turn with one call, each with its own value', async () => {
    const calls: string[][] = [];
    const load = batchLoader(async (keys) => {
      calls.push(keys);
      return new Map(keys.filter((k) => k !== 'missing').map((k) => [k, k.toUpperCase()]));
    });
    const values = await Promise.all([load('a'), load('b'), load('a'), load('missing')]);
    expect(values).toEqual(['A', 'B', 'A', undefined]);
    expect(calls).toEqual([['a', 'b', 'missing']]);
    expect(await load('c')).toBe('C');
    expect(calls).toHaveLength(2);
  });

  it('splits a large turn into calls of at most maxBatch keys', async () => {
    const sizes: number[] = [];
    const load = batchLoader(async (keys) => {
      sizes.push(keys.length);
      return new Map(keys.map((k) => [k, Number(k)]));
    }, 3);
    const values = await Promise.all(['1', '2', '3', '4', '5'].map(load));
    expect(values).toEqual([1, 2, 3, 4, 5]);
    expect(sizes).toEqual([3, 2]);
  });

  it('fails only the lookups of the call that failed', async () => {
    let fail = true;
    const load = batchLoader(async (keys) => {
      if (fail) throw new Error('database down');
      return new Map(keys.map((k) => [k, k]));
    });
    await expect(Promise.all([load('a'), load('b')])).rejects.toThrow('database down');
    fail = false;
    expect(await load('a')).toBe('a');
  });
});

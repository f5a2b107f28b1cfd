import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache.ts';

describe('TtlCache', () => {
  it('loads a key once for every caller until its time is up, then loads it again', async () => {
    let now = 0;
    let loads = 0;
    const cache = new TtlCache<number>(3000, () => now);
    const load = async () => ++loads;
    expect(await Promise.all([cache.get('a', load), cache.get('a', load)])).toEqual([1, 1]);
    now = 2999;
    expect(await cache.get('a', load)).toBe(1);
    now = 3000;
    expect(await cache.get('a', load)).toBe(2);
  });

  it('keeps no failed load, and forgets a key on request', async () => {
    const cache = new TtlCache<string>(3000, () => 0);
    await expect(cache.get('a', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('a', async () => 'up')).toBe('up');
    cache.delete('a');
    expect(await cache.get('a', async () => 'again')).toBe('again');
    cache.delete();
    expect(await cache.get('a', async () => 'cleared')).toBe('cleared');
  });
});

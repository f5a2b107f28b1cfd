import { describe, expect, it } from 'vitest';
import { type IndexedPhoto, LookAlikeIndex } from './look-alike-index.ts';

let state = 7;
const random32 = () => {
  state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
  return (state ^ (state >>> 16)) >>> 0;
};
const hex = (high: number, low: number) =>
  high.toString(16).padStart(8, '0') + low.toString(16).padStart(8, '0');
const bits = (a: string, b: string) => {
  let x = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let count = 0;
  for (; x; x &= x - 1n) count++;
  return count;
};
/** `fingerprint` with `count` of its bits changed (distinct bits). */
const flipped = (fingerprint: string, count: number) => {
  let value = BigInt(`0x${fingerprint}`);
  const chosen = new Set<number>();
  while (chosen.size < count) chosen.add(random32() % 64);
  for (const bit of chosen) value ^= 1n << BigInt(bit);
  return value.toString(16).padStart(16, '0');
};

describe('the look-alike index', () => {
  it('finds exactly the pairs of other owners within the distance that comparing every pair finds', () => {
    const photos: IndexedPhoto[] = [];
    for (let i = 0; i < 2000; i++) {
      photos.push({
        key: `p${i}`,
        owner: `o${i % 400}`,
        sha256: `s${i}`,
        fingerprint: hex(random32(), random32()),
      });
    }
    // Copies at every distance from 0 to 14, across owners and within one owner.
    for (let d = 0; d <= 14; d++) {
      const source = photos[d * 7] as IndexedPhoto;
      photos.push({
        key: `c${d}`,
        owner: `copier${d}`,
        sha256: `cs${d}`,
        fingerprint: flipped(source.fingerprint, d),
      });
      photos.push({
        key: `own${d}`,
        owner: source.owner,
        sha256: `os${d}`,
        fingerprint: flipped(source.fingerprint, d),
      });
    }
    const index = new LookAlikeIndex(12);
    const found = new Set<string>();
    for (const photo of photos) {
      for (const pair of index.add(photo)) {
        expect(pair.second).toBe(photo);
        expect(pair.distance).toBe(bits(pair.first.fingerprint, pair.second.fingerprint));
        found.add(`${pair.first.key} ${pair.second.key}`);
      }
    }
    const expected = new Set<string>();
    for (let i = 0; i < photos.length; i++) {
      for (let j = i + 1; j < photos.length; j++) {
        const [a, b] = [photos[i] as IndexedPhoto, photos[j] as IndexedPhoto];
        if (a.owner !== b.owner && bits(a.fingerprint, b.fingerprint) <= 12)
          expected.add(`${a.key} ${b.key}`);
      }
    }
    expect(found).toEqual(expected);
    for (let d = 0; d <= 12; d++) expect(found.has(`p${d * 7} c${d}`)).toBe(true);
    expect(found.has('p91 c13')).toBe(false);
    // A finalist's own near-copy pairs with the other finalist's copy, never with the finalist's own page.
    for (let d = 0; d <= 14; d++) expect(found.has(`p${d * 7} own${d}`)).toBe(false);
    expect(found.has('c0 own0')).toBe(true);
  });

  it('pairs the same file of two owners whatever the distance, once, and ignores a photo added twice', () => {
    const index = new LookAlikeIndex(4);
    const a = { key: 'a', owner: 'amina', sha256: 'same', fingerprint: '0123456789abcdef' };
    const b = { key: 'b', owner: 'bilal', sha256: 'same', fingerprint: 'fedcba9876543210' };
    const own = { key: 'c', owner: 'amina', sha256: 'same', fingerprint: '0123456789abcdef' };
    expect(index.add(a)).toEqual([]);
    expect(index.add(b)).toEqual([
      { first: a, second: b, distance: bits(a.fingerprint, b.fingerprint), sameFile: true },
    ]);
    expect(index.add(b)).toEqual([]);
    expect(index.add(own)).toEqual([
      { first: b, second: own, distance: bits(own.fingerprint, b.fingerprint), sameFile: true },
    ]);
    expect(index.size).toBe(3);
    expect(() => new LookAlikeIndex(64)).toThrow(RangeError);
  });
});

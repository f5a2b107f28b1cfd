import { describe, expect, it } from 'vitest';
import { type IndexedPhoto, LookAlikeIndex } from './look-alike-index.ts';
import { lookAlikeRow } from './look-alikes.service.ts';

const photo = (owner: string, sha256: string, fingerprint: string): IndexedPhoto => ({
  key: `${owner}:${sha256}`,
  owner,
  sha256,
  fingerprint,
});

describe('a look-alike pair recorded', () => {
  it('has one order of its two photos whichever was indexed first (a restart or a second process finds the same row)', () => {
    const a = photo('b2f0c3a4-0000-4000-8000-000000000002', 'ff'.repeat(32), '00ff00ff00ff00ff');
    const b = photo('1c0e9d55-0000-4000-8000-000000000001', 'aa'.repeat(32), '00ff00ff00ff00fe');
    const rowsOf = (order: IndexedPhoto[]) => {
      const index = new LookAlikeIndex(12);
      return order.flatMap((p) => index.add(p)).map((pair) => lookAlikeRow('c1', 'junior', pair));
    };
    const forward = rowsOf([a, b]);
    expect(forward).toHaveLength(1);
    expect(rowsOf([b, a])).toEqual(forward);
    expect(forward[0]).toMatchObject({ firstUserId: b.owner, secondUserId: a.owner, distance: 1 });
  });
});

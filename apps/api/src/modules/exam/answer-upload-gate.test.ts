import { describe, expect, it } from 'vitest';
import { ANSWER_RECORDS_AT_ONCE, photoAtTheDoor, recordAnswerPhoto } from './answer-upload-gate.ts';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('photoAtTheDoor', () => {
  it("remembers a delivery by its path's SHA-256, and anything else as nothing", () => {
    const sha256 = 'ab'.repeat(32);
    expect(photoAtTheDoor({ competition: 'ngso-2026', sha256 })).toBe(sha256);
    expect(photoAtTheDoor({ competition: 'ngso-2026', sha256: 'x'.repeat(5000) })).toBeUndefined();
    expect(photoAtTheDoor({ competition: 'ngso-2026', sha256: 'AB'.repeat(32) })).toBeUndefined();
    expect(photoAtTheDoor({})).toBeUndefined();
    expect(photoAtTheDoor(undefined)).toBeUndefined();
  });
});

describe('recordAnswerPhoto', () => {
  it('writes only a few photos to the database at once, leaving its connections to the rest', async () => {
    const writing: number[] = [];
    const releases: Array<() => void> = [];
    const photos = Array.from({ length: ANSWER_RECORDS_AT_ONCE + 3 }, (_, i) =>
      recordAnswerPhoto(
        () =>
          new Promise<number>((resolve) => {
            writing.push(i);
            releases.push(() => resolve(i));
          }),
      ),
    );
    await settle();
    expect(writing).toHaveLength(ANSWER_RECORDS_AT_ONCE);
    releases.shift()?.();
    await settle();
    expect(writing).toHaveLength(ANSWER_RECORDS_AT_ONCE + 1);
    while (releases.length) {
      releases.shift()?.();
      await settle();
    }
    expect(await Promise.all(photos)).toEqual(writing);
  });
});

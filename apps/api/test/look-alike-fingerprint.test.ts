import { describe, expect, it } from 'vitest';
import { LOOK_ALIKE_MAX_DISTANCE } from '../src/modules/look-alikes/look-alikes.service.ts';
import { pageFingerprint } from '../src/modules/media/page-fingerprint.ts';
import { forwarded, handwrittenPage } from './helpers/handwritten-page.ts';

// The fingerprint and its threshold on photos that behave like phone photos of handwriting
// (docs/decisions/065-answers-that-look-alike.md records what this measures).
// `npm test` draws 48 pages; `npm run measure:look-alikes` draws the 204 that the decision record reports.
const STUDENTS = Number(process.env.LOOK_ALIKE_STUDENTS ?? 8);
const PAGES = 6;

const bits = (a: string, b: string) => {
  let x = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let count = 0;
  while (x) {
    x &= x - 1n;
    count++;
  }
  return count;
};

describe('the fingerprint of a photographed page', () => {
  it(`finds a page forwarded by a messaging app, and tells apart ${STUDENTS * PAGES} distinct pages (six a student)`, async () => {
    const prints: { student: number; page: number; fingerprint: string }[] = [];
    const copies: number[] = [];
    for (let student = 1; student <= STUDENTS; student++) {
      for (let page = 1; page <= PAGES; page++) {
        const photo = await handwrittenPage({ seed: student }, page);
        const fingerprint = await pageFingerprint(photo);
        expect(fingerprint).toMatch(/^[0-9a-f]{16}$/);
        prints.push({ student, page, fingerprint });
        // Re-encoded at quality 40, scaled to 60 %, cropped by 5 % and brightened: one page of each student.
        if (page === 1 + (student % PAGES))
          copies.push(bits(fingerprint, await pageFingerprint(await forwarded(photo))));
      }
    }
    const ownPages: number[] = [];
    const othersPages: number[] = [];
    for (let i = 0; i < prints.length; i++) {
      for (let j = i + 1; j < prints.length; j++) {
        const [a, b] = [prints[i], prints[j]];
        if (!a || !b) continue;
        (a.student === b.student ? ownPages : othersPages).push(bits(a.fingerprint, b.fingerprint));
      }
    }
    const falsePositives = [...ownPages, ...othersPages].filter((d) => d <= LOOK_ALIKE_MAX_DISTANCE).length;
    const summary = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return {
        n: sorted.length,
        min: sorted[0],
        median: sorted[Math.floor(sorted.length / 2)],
        max: sorted.at(-1),
      };
    };
    console.log(
      JSON.stringify({
        threshold: LOOK_ALIKE_MAX_DISTANCE,
        forwarded: summary(copies),
        ownPages: summary(ownPages),
        othersPages: summary(othersPages),
        falsePositives,
      }),
    );
    expect(copies.length).toBe(STUDENTS);
    expect(copies.filter((d) => d > LOOK_ALIKE_MAX_DISTANCE)).toEqual([]);
    expect(falsePositives).toBe(0);
  }, 600_000);
});

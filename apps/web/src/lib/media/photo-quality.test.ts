import { CLIENT_MAX_SIDE_PX } from '@ngso/shared/constants';
import { describe, expect, it } from 'vitest';
import { type PageOptions, photographPage, shrink } from '../../test/handwriting-page.ts';
import { measurePhoto, PHOTO_LIMITS, type PhotoMeasures, photoProblems } from './photo-quality.ts';

// Phone-like photos of a handwritten page, generated with sharp (decisions 061 and 076 list what each measured),
// measured at the size the page prepares a photo at, as the page measures it.
async function measured(options: PageOptions, longSide = CLIENT_MAX_SIDE_PX): Promise<PhotoMeasures> {
  const shown = await shrink(await photographPage(options), longSide);
  return measurePhoto(shown.data, shown.width, shown.height);
}

// Each page is drawn, lit, scaled and measured: seconds on a busy machine.
describe('photo checks on photos of a handwritten page', { timeout: 60_000 }, () => {
  it('passes a well-lit, sharp page, also with little written on it or in dim light', async () => {
    for (const options of [{}, { seed: 2, noise: 6 }, { lines: 1, seed: 4 }, { exposure: 0.35, noise: 5 }]) {
      const measures = await measured(options);
      expect(photoProblems(measures), JSON.stringify({ options, measures })).toEqual([]);
      expect(measures.sharpness).toBeGreaterThan(PHOTO_LIMITS.minSharpness * 2);
    }
  });

  it('calls a nearly black photo dark (and not blurred as well)', async () => {
    for (const options of [
      { exposure: 0.15, noise: 6 },
      { exposure: 0.25, noise: 8, seed: 5 },
    ]) {
      const measures = await measured(options);
      expect(measures.meanLuminance).toBeLessThan(PHOTO_LIMITS.minMeanLuminance);
      expect(photoProblems(measures)).toEqual(['dark']);
    }
  });

  it('calls a shaken or unfocused photo blurred, however much is written and however grainy', async () => {
    for (const options of [{ blur: 2 }, { blur: 3, noise: 6 }, { blur: 2, lines: 2 }, { blur: 5, seed: 3 }]) {
      const measures = await measured(options);
      expect(photoProblems(measures), JSON.stringify({ options, measures })).toEqual(['blurred']);
    }
  });

  it('calls an image under 1000 px on its longest side too small, and one of 1000 px not', async () => {
    expect(photoProblems(await measured({}, 800))).toEqual(['small']);
    expect(photoProblems(await measured({}, 1000))).toEqual([]);
  });
});

describe('photoProblems', () => {
  const fine: PhotoMeasures = { width: 1500, height: 2000, meanLuminance: 200, sharpness: 5000 };

  it('names every problem it finds, and none for a usable photo', () => {
    expect(photoProblems(fine)).toEqual([]);
    expect(photoProblems({ ...fine, width: 300, height: 400, sharpness: 10 })).toEqual(['blurred', 'small']);
    expect(photoProblems({ ...fine, meanLuminance: 20, width: 600, height: 400 })).toEqual(['dark', 'small']);
  });

  it('measures a flat grey image as dark or bright by its luminance, with no sharpness', () => {
    const grey = (value: number) => new Uint8Array(64 * 64 * 4).fill(value);
    expect(measurePhoto(grey(30), 64, 64)).toMatchObject({ meanLuminance: 30, sharpness: 0 });
    expect(measurePhoto(grey(200), 64, 64).meanLuminance).toBeCloseTo(200);
  });
});

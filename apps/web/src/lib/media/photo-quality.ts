/**
 * Checks of a photographed answer page, measured on the downscaled image before it is committed
 * (decision 061). Pure functions over RGBA pixels: they run in the compression worker, on the page
 * when there is no worker, and in tests.
 */

/** What was measured of one image. */
export type PhotoMeasures = {
  width: number;
  height: number;
  /** Mean luminance (Rec. 601 luma), 0 (black) to 255 (white). */
  meanLuminance: number;
  /** Variance of the Laplacian of the greyscale, in the tiles with the most detail (see `sharpnessOf`). */
  sharpness: number;
};

export type PhotoProblem = 'dark' | 'blurred' | 'small';

/**
 * The limits, chosen on test pages of handwriting with margins on both sides (decision 061), measured at the
 * size the page prepares a photo at (CLIENT_MAX_SIDE_PX, decision 076).
 */
export const PHOTO_LIMITS = {
  /** Below this mean luminance a page is too dark to read. */
  minMeanLuminance: 60,
  /** Below this sharpness the writing is blurred. */
  minSharpness: 440,
  /** A longest side under this many pixels is too small for small handwriting. */
  minLongSidePx: 1000,
} as const;

/** Side of the square tiles the sharpness is measured in. */
const TILE_PX = 32;
/** The share of tiles measured: the busiest tenth (the writing) and the quietest tenth (blank paper). */
const TILE_SHARE = 0.1;

/** The greyscale (luma) of RGBA pixels, one value (0 to 255) a pixel. */
export function greyscaleOf(rgba: ArrayLike<number>, width: number, height: number): Float32Array {
  const grey = new Float32Array(width * height);
  for (let i = 0, p = 0; i < grey.length; i++, p += 4) {
    grey[i] = 0.299 * (rgba[p] ?? 0) + 0.587 * (rgba[p + 1] ?? 0) + 0.114 * (rgba[p + 2] ?? 0);
  }
  return grey;
}

/** The mean of some values (0 for none). */
function meanOf(values: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i] as number;
  return values.length > 0 ? sum / values.length : 0;
}

/**
 * The variance of the 4-neighbour Laplacian, per tile: the mean over the busiest tenth of the tiles,
 * less the mean over the quietest tenth. A page of handwriting is mostly blank paper, whose Laplacian
 * is near zero however sharp the photo: over the whole image a sharp page with one short answer would
 * read as blurred. The busiest tiles are where the writing is, and there a blur lowers the Laplacian
 * whatever the page holds. The sensor's grain raises every tile's alike (the Laplacian of noise of
 * deviation s has variance 20 s^2): the quietest tiles, blank paper, measure it, and it is taken off.
 */
export function sharpnessOf(grey: Float32Array, width: number, height: number): number {
  const tilesAcross = Math.ceil(width / TILE_PX);
  const tilesDown = Math.ceil(height / TILE_PX);
  const count = new Float64Array(tilesAcross * tilesDown);
  const sum = new Float64Array(count.length);
  const sumOfSquares = new Float64Array(count.length);
  for (let y = 1; y < height - 1; y++) {
    const row = y * width;
    const tileRow = Math.floor(y / TILE_PX) * tilesAcross;
    for (let x = 1; x < width - 1; x++) {
      const i = row + x;
      const laplacian =
        (grey[i - 1] as number) +
        (grey[i + 1] as number) +
        (grey[i - width] as number) +
        (grey[i + width] as number) -
        4 * (grey[i] as number);
      const tile = tileRow + Math.floor(x / TILE_PX);
      count[tile] = (count[tile] as number) + 1;
      sum[tile] = (sum[tile] as number) + laplacian;
      sumOfSquares[tile] = (sumOfSquares[tile] as number) + laplacian * laplacian;
    }
  }
  const variances: number[] = [];
  for (let tile = 0; tile < count.length; tile++) {
    const n = count[tile] as number;
    if (n < 2) continue;
    const mean = (sum[tile] as number) / n;
    variances.push((sumOfSquares[tile] as number) / n - mean * mean);
  }
  if (variances.length === 0) return 0;
  variances.sort((a, b) => b - a);
  const share = Math.max(1, Math.round(variances.length * TILE_SHARE));
  const busiest = meanOf(variances.slice(0, share));
  const quietest = meanOf(variances.slice(-share));
  return Math.max(0, busiest - quietest);
}

/** Measures an image given as RGBA pixels (a canvas's ImageData, or sharp's raw output). */
export function measurePhoto(rgba: ArrayLike<number>, width: number, height: number): PhotoMeasures {
  const grey = greyscaleOf(rgba, width, height);
  return { width, height, meanLuminance: meanOf(grey), sharpness: sharpnessOf(grey, width, height) };
}

/** What is wrong with a photo, by its measures: none when it can be used as it is. */
export function photoProblems(measures: PhotoMeasures, limits = PHOTO_LIMITS): PhotoProblem[] {
  const problems: PhotoProblem[] = [];
  if (measures.meanLuminance < limits.minMeanLuminance) problems.push('dark');
  // A dark photo has little contrast to measure: it is not called blurred as well.
  else if (measures.sharpness < limits.minSharpness) problems.push('blurred');
  if (Math.max(measures.width, measures.height) < limits.minLongSidePx) problems.push('small');
  return problems;
}

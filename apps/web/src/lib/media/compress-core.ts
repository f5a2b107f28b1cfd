import { fitWithin } from './image-size.ts';
import { measurePhoto, type PhotoMeasures } from './photo-quality.ts';

/** How the browser prepares an image: longest side at most `maxSide` px, JPEG at `quality` (0 to 1). */
export type CompressSettings = { maxSide: number; quality: number };

/** The encoded image, and what was measured of it before encoding (photo-quality.ts). */
export type Compressed = { blob: Blob; measures: PhotoMeasures };

/** A canvas that can be drawn on and encoded: OffscreenCanvas in a worker, a <canvas> on the page. */
type Surface = {
  context: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D;
  encode: (quality: number) => Promise<Blob>;
};

/**
 * Decodes, turns upright (EXIF orientation), scales down, measures (too dark, blurred, too small) and
 * encodes as JPEG. Used by the worker (OffscreenCanvas) and by the page when the browser has no
 * OffscreenCanvas.
 */
export async function compressBlob(
  blob: Blob,
  settings: CompressSettings,
  makeSurface: (width: number, height: number) => Surface,
): Promise<Compressed> {
  const bitmap = await createImageBitmap(blob, { imageOrientation: 'from-image' });
  try {
    const size = fitWithin({ width: bitmap.width, height: bitmap.height }, settings.maxSide);
    const { context, encode } = makeSurface(size.width, size.height);
    // JPEG has no transparency: a transparent PNG gets white, not black, behind it.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, size.width, size.height);
    context.imageSmoothingEnabled = true;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    const pixels = context.getImageData(0, 0, size.width, size.height);
    const measures = measurePhoto(pixels.data, size.width, size.height);
    return { blob: await encode(settings.quality), measures };
  } finally {
    bitmap.close();
  }
}

export function offscreenSurface(width: number, height: number): Surface {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D context on OffscreenCanvas');
  return { context, encode: (quality) => canvas.convertToBlob({ type: 'image/jpeg', quality }) };
}

export function pageSurface(width: number, height: number): Surface {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D context on canvas');
  return {
    context,
    encode: (quality) =>
      new Promise<Blob>((resolve, reject) =>
        canvas.toBlob(
          (blob) => (blob ? resolve(blob) : reject(new Error('The canvas could not be encoded'))),
          'image/jpeg',
          quality,
        ),
      ),
  };
}

import { CLIENT_JPEG_QUALITY, CLIENT_MAX_SIDE_PX } from '@ngso/shared/constants';
import type { CompressReply, CompressRequest } from './compress.worker.ts';
import { type Compressed, type CompressSettings, compressBlob, pageSurface } from './compress-core.ts';
import { browserMayNotDecode, jpegName } from './image-file.ts';
import { MediaError } from './media-error.ts';
import { type PhotoProblem, photoProblems } from './photo-quality.ts';

const SETTINGS: CompressSettings = { maxSide: CLIENT_MAX_SIDE_PX, quality: CLIENT_JPEG_QUALITY };

const cancelled = () => new MediaError('cancelled');

function inWorker(file: Blob, settings: CompressSettings, signal?: AbortSignal): Promise<Compressed> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./compress.worker.ts', import.meta.url), { type: 'module' });
    const finish = () => {
      worker.terminate();
      signal?.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      finish();
      reject(cancelled());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.onmessage = (event: MessageEvent<CompressReply>) => {
      finish();
      if (event.data.ok) resolve({ blob: event.data.blob, measures: event.data.measures });
      else reject(new Error(event.data.message));
    };
    worker.onerror = (event) => {
      event.preventDefault();
      finish();
      reject(new Error(event.message || 'The compression worker failed'));
    };
    worker.postMessage({ file, settings } satisfies CompressRequest);
  });
}

const canUseWorker = () => typeof Worker !== 'undefined' && typeof OffscreenCanvas !== 'undefined';
const canUsePage = () => typeof createImageBitmap !== 'undefined' && typeof document !== 'undefined';

/** Compresses in a worker, or on the page when the browser has no OffscreenCanvas (or the worker fails). */
async function compress(file: Blob, signal?: AbortSignal): Promise<Compressed> {
  if (canUseWorker()) {
    try {
      return await inWorker(file, SETTINGS, signal);
    } catch (error) {
      if (error instanceof MediaError) throw error;
      // An old browser's OffscreenCanvas may lack encoding: try once more on the page.
    }
  }
  if (!canUsePage()) throw new Error('This browser cannot compress images');
  const compressed = await compressBlob(file, SETTINGS, pageSurface);
  if (signal?.aborted) throw cancelled();
  return compressed;
}

/** The file to send, and what is wrong with it as a photo of a page (none when it could not be measured). */
export type PreparedImage = { file: File; problems: PhotoProblem[] };

/**
 * The file to upload: the image turned upright, at most 2000 px on its longest side, as JPEG
 * (quality 0.85). Never upscaled; the original is kept when compression would make it bigger.
 * A file the browser cannot decode is 'not an image', except HEIC/HEIF, which only some browsers
 * decode: those go as they are and the server decides (unmeasured: no problems).
 */
export async function compressImage(file: File, signal?: AbortSignal): Promise<PreparedImage> {
  if (signal?.aborted) throw cancelled();
  let compressed: Compressed;
  try {
    compressed = await compress(file, signal);
  } catch (error) {
    if (error instanceof MediaError) throw error;
    if (browserMayNotDecode(file)) return { file, problems: [] };
    throw new MediaError('notImage', { fileName: file.name });
  }
  const { blob, measures } = compressed;
  const problems = photoProblems(measures);
  if (blob.size >= file.size) return { file, problems };
  const jpeg = new File([blob], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified });
  return { file: jpeg, problems };
}

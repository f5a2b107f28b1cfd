import { UploadResponseSchema } from '@ngso/shared/schemas/media';
import { apiBaseUrl } from '../base-query.ts';
import type { RetryPolicy } from '../retry.ts';
import { compressImage, type PreparedImage } from './compress.ts';
import { isImageFile, UPLOAD_MAX_BYTES } from './image-file.ts';
import { MediaError } from './media-error.ts';
import { sendFile } from './upload.ts';

/** Where an upload is: the image being prepared on the phone, then being sent. */
export type UploadPhase = 'preparing' | 'uploading';

export type ImageUploadOptions = {
  onPhase?: (phase: UploadPhase) => void;
  onProgress?: (percent: number) => void;
  retry?: RetryPolicy;
};

/** A running upload: its result, and a way to stop it (the promise then rejects as 'cancelled'). */
export type UploadTask<T> = { promise: Promise<T>; cancel: () => void };

/**
 * The image to send: an accepted image type, compressed, within the size limit; with what is wrong
 * with it as a photo of a page (too dark, blurred, too small), for the student to decide on.
 */
export async function prepareImage(file: File, signal?: AbortSignal): Promise<PreparedImage> {
  if (!isImageFile(file)) throw new MediaError('notImage', { fileName: file.name });
  const prepared = await compressImage(file, signal);
  if (prepared.file.size > UPLOAD_MAX_BYTES) throw new MediaError('tooLarge', { fileName: file.name });
  return prepared;
}

/**
 * The one way the app uploads an image (profile photo, exam answers): checks and compresses it in
 * the browser, then sends it as multipart field `file` to `path` under /api, with progress, retries
 * on a failed connection, and cancel. Resolves with the server's parsed body.
 */
export function uploadImage(path: string, file: File, options: ImageUploadOptions = {}): UploadTask<unknown> {
  const controller = new AbortController();
  const { signal } = controller;
  const promise = (async () => {
    options.onPhase?.('preparing');
    const { file: prepared } = await prepareImage(file, signal);
    if (signal.aborted) throw new MediaError('cancelled');
    options.onPhase?.('uploading');
    return sendFile({
      url: new URL(path.replace(/^\//, ''), apiBaseUrl()).toString(),
      file: prepared,
      onProgress: options.onProgress,
      signal,
      retry: options.retry,
    });
  })();
  return { promise, cancel: () => controller.abort() };
}

/**
 * `POST /v1/upload`: an image for an exam answer or other content; resolves with its address.
 * A reply without a url is a 'badResponse' (the spec's 'Upload failed').
 */
export function uploadMediaImage(file: File, options: ImageUploadOptions = {}): UploadTask<string> {
  const task = uploadImage('v1/upload', file, options);
  return {
    cancel: task.cancel,
    promise: task.promise.then((body) => {
      const parsed = UploadResponseSchema.safeParse(body);
      if (!parsed.success) throw new MediaError('badResponse', { fileName: file.name });
      return parsed.data.url;
    }),
  };
}

import pLimit from 'p-limit';
import { AppError } from '../../lib/app-error.ts';

/** Seconds a client is asked to wait before sending an upload the server had no room for. */
export const UPLOAD_RETRY_AFTER_SECONDS = 5;

/**
 * Bounds the uploads a process reads and processes at once (`atOnce`); the others wait for their turn
 * with their bodies unread (TCP holds the bytes back on the client), and beyond `waiting` of them an
 * upload is refused at once with 503 and Retry-After (the exam's answer queue tries again with back-off).
 * So a thousand uploads that arrive together are read as fast as images are processed, not all at once
 * on the event loop that answers the JSON calls, and none waits for its turn longer than the clients'
 * 30 s stall limit.
 */
export function uploadGate(options: { atOnce: number; waiting: number }) {
  const limit = pLimit(options.atOnce);
  return <T>(work: () => Promise<T>): Promise<T> => {
    if (limit.pendingCount >= options.waiting) {
      return Promise.reject(
        new AppError(503, 'server.unavailable', {
          headers: { 'Retry-After': String(UPLOAD_RETRY_AFTER_SECONDS) },
        }),
      );
    }
    return limit(work);
  };
}

/**
 * The students' uploads (POST /v1/upload), for the whole process: two images in the pipeline and two
 * read ahead. 800 waiting is 15 to 25 s of work at the 35 to 55 images a second measured on two shared
 * cores (docs/performance.md), under the 30 s after which the exam page gives up on a silent upload.
 */
export const admitUpload = uploadGate({ atOnce: 4, waiting: 800 });

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

/** Seconds an account is asked to wait before sending a third photo while two of its own are in flight. */
export const ACCOUNT_RETRY_AFTER_SECONDS = 2;

/**
 * At most `atOnce` uploads of one account in flight in this process (being read, waiting for their turn,
 * or being stored); the next is refused at once with 429 and Retry-After. A phone that sends ten photos
 * together takes no more of the server's room than one that sends two.
 */
export function accountGate(atOnce: number) {
  const inFlight = new Map<string, number>();
  return async <T>(accountId: string, work: () => Promise<T>): Promise<T> => {
    const count = inFlight.get(accountId) ?? 0;
    if (count >= atOnce) {
      throw new AppError(429, 'upload.tooManyAtOnce', {
        headers: { 'Retry-After': String(ACCOUNT_RETRY_AFTER_SECONDS) },
      });
    }
    inFlight.set(accountId, count + 1);
    try {
      return await work();
    } finally {
      const left = (inFlight.get(accountId) ?? 1) - 1;
      if (left === 0) inFlight.delete(accountId);
      else inFlight.set(accountId, left);
    }
  };
}

/**
 * The students' answer photos, for the whole process. Storing one is cheap now (header checks, a flushed
 * write and the inserts; re-encoding runs later in the image jobs): 9 ms of CPU per acknowledgment on
 * PostgreSQL and 14 ms on the embedded database, against 41 ms to re-encode the same photo (docs/performance.md,
 * "Answer photos acknowledged before processing"). An admitted upload holds its place while its body arrives,
 * which from a phone takes seconds: 32 are read and stored at once (a body is held in memory, about 0.5 MB
 * from the exam page, 15 MB at most, so 16 MB typical and 480 MB at worst). 1000 wait: about 10 s of work at
 * the hundred acknowledgments a second two free cores give, 30 s at the 33 a second measured with the
 * machine's cores shared by other loads, when the exam page gives up on a silent upload and sends it again
 * later (the photo is committed by its hash, so a late delivery still counts).
 */
export const admitUpload = uploadGate({ atOnce: 32, waiting: 1000 });
const answerUploadsPerAccount = accountGate(2);

/**
 * Admits one answer photo of an account (POST /v1/upload and the exam's photo delivery): first the
 * account's own limit (two in flight, 429), then the process's gate (503 when full). Both answer with
 * Retry-After, and `work` (which reads the body) runs only once admitted.
 */
export function admitAnswerUpload<T>(accountId: string, work: () => Promise<T>): Promise<T> {
  return answerUploadsPerAccount(accountId, () => admitUpload(work));
}

/**
 * Profile photos have a gate of their own (they are re-encoded at once, and must never take the room of
 * answer photos in the exam's last minutes): two at a time, twenty waiting, one in flight per account.
 */
const profilePhotos = uploadGate({ atOnce: 2, waiting: 20 });
const profilePhotosPerAccount = accountGate(1);

export function admitProfilePhoto<T>(accountId: string, work: () => Promise<T>): Promise<T> {
  return profilePhotosPerAccount(accountId, () => profilePhotos(work));
}

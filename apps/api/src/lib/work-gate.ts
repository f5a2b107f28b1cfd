import pLimit from 'p-limit';
import { AppError } from './app-error.ts';

/** The answer to a request the server has no room for now: 503, and when to come back. */
export const serverFull = (retryAfterSeconds: number) =>
  new AppError(503, 'server.unavailable', {
    headers: { 'Retry-After': String(retryAfterSeconds) },
  });

/**
 * Heavy work of a process (renders, re-encodes) run at most `atOnce` at a time; the others wait their turn,
 * and beyond `waiting` of them a request is refused at once with 503 and Retry-After, so a crowd never
 * starves the rest of the site. Called as a function, it runs `work` in its turn; `assertRoom()` refuses
 * early, before a request does costly reads for work that would be refused anyway.
 */
export function workGate(options: { atOnce: number; waiting: number; retryAfterSeconds: number }) {
  const limit = pLimit(options.atOnce);
  const assertRoom = () => {
    if (limit.pendingCount >= options.waiting) throw serverFull(options.retryAfterSeconds);
  };
  const run = <T>(work: () => Promise<T>): Promise<T> => {
    try {
      assertRoom();
    } catch (error) {
      return Promise.reject(error);
    }
    return limit(work);
  };
  return Object.assign(run, { assertRoom });
}

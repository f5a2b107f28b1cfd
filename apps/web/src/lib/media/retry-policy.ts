import { MediaError } from './media-error.ts';

/** How a failed upload is tried again: only when the connection failed, with growing pauses. */
export type RetryPolicy = { retries: number; baseDelayMs: number; maxDelayMs: number };

export const DEFAULT_RETRY_POLICY: RetryPolicy = { retries: 3, baseDelayMs: 1000, maxDelayMs: 8000 };

/**
 * Gateway answers that mean the request did not reach the application (a proxy or a restart in
 * between). Everything else the server answered, 4xx above all, is final: trying again would
 * get the same answer.
 */
const RETRYABLE_STATUSES = new Set([502, 503, 504]);

/** Whether attempt number `attempt` (0 for the first) failing with `error` is tried again. */
export function shouldRetry(
  error: unknown,
  attempt: number,
  policy: RetryPolicy = DEFAULT_RETRY_POLICY,
): boolean {
  if (attempt >= policy.retries || !(error instanceof MediaError)) return false;
  if (error.kind === 'network') return true;
  return error.kind === 'http' && error.status !== undefined && RETRYABLE_STATUSES.has(error.status);
}

/**
 * The pause before the next attempt: exponential back-off (1 s, 2 s, 4 s... at most `maxDelayMs`)
 * with jitter, so phones that lost the same cell tower do not all come back at once.
 */
export function retryDelay(
  attempt: number,
  policy: RetryPolicy = DEFAULT_RETRY_POLICY,
  random = Math.random,
): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

/**
 * A `Retry-After` header as milliseconds from now: whole seconds, or an HTTP date. Undefined when
 * absent or unreadable.
 */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

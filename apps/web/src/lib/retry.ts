/**
 * The web app's one retry rule and one back-off helper (decision 028), used by the exam's answer queue
 * and transport, the exam paper, the final submission and media uploads.
 */

/** How a failed call is tried again: how many times, and the growing pauses between the tries. */
export type RetryPolicy = { retries: number; baseDelayMs: number; maxDelayMs: number };

export const DEFAULT_RETRY_POLICY: RetryPolicy = { retries: 3, baseDelayMs: 1000, maxDelayMs: 8000 };

/**
 * Which answers are worth trying again: any 5xx (the server or a gateway in between was in trouble) and
 * 429 (the server asked to wait, with Retry-After). Every other answer, 4xx above all, is final: trying
 * again would get the same answer. A failed connection (no answer at all) is always tried again.
 */
export const isRetryableStatus = (status: number): boolean => status >= 500 || status === 429;

/**
 * The pause before the next attempt (`attempt` 0 for the first retry): exponential back-off (1 s, 2 s,
 * 4 s... at most `maxDelayMs`) with jitter, so phones that lost the same cell tower do not all come back
 * at once. When the server said how long to wait (`retryAfterMs`, from Retry-After), at least that,
 * plus up to half again (at most RETRY_AFTER_JITTER_MAX_MS), so phones told the same time do not all come
 * back in the same second.
 */
/**
 * The most a phone adds to a Retry-After. Phones told the same short wait (5 s) spread over half of it
 * again; a long wait is the server's own moment for that phone (the answer-photo gate gives each photo it
 * turns away a moment of its own, one upload's time after the one before, decision 048), and half of 30 s
 * again kept the photos away 15 s longer than the server asked, while it had room (decision 055).
 */
export const RETRY_AFTER_JITTER_MAX_MS = 5000;

export function retryDelay(
  attempt: number,
  policy: RetryPolicy = DEFAULT_RETRY_POLICY,
  random = Math.random,
  retryAfterMs?: number,
): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  const backOff = Math.round(ceiling / 2 + (ceiling / 2) * random());
  if (retryAfterMs === undefined) return backOff;
  const jitter = Math.min(retryAfterMs * 0.5, RETRY_AFTER_JITTER_MAX_MS);
  return Math.max(backOff, retryAfterMs + Math.round(jitter * random()));
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

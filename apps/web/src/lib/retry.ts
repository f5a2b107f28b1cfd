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
 * plus up to half again, so phones told the same time do not all come back in the same second.
 */
export function retryDelay(
  attempt: number,
  policy: RetryPolicy = DEFAULT_RETRY_POLICY,
  random = Math.random,
  retryAfterMs?: number,
): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  const backOff = Math.round(ceiling / 2 + (ceiling / 2) * random());
  if (retryAfterMs === undefined) return backOff;
  return Math.max(backOff, retryAfterMs + Math.round(retryAfterMs * 0.5 * random()));
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

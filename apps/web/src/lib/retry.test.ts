import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_POLICY, isRetryableStatus, parseRetryAfter, retryDelay } from './retry.ts';

describe('the one retry rule', () => {
  it('retries any 5xx and 429, nothing else', () => {
    for (const status of [429, 500, 502, 503, 504]) expect(isRetryableStatus(status)).toBe(true);
    for (const status of [400, 401, 403, 404, 409, 413, 415, 422])
      expect(isRetryableStatus(status)).toBe(false);
  });
});

describe('the back-off', () => {
  it('waits longer each time, between half and all of an exponential ceiling', () => {
    expect(retryDelay(0, DEFAULT_RETRY_POLICY, () => 0)).toBe(500);
    expect(retryDelay(0, DEFAULT_RETRY_POLICY, () => 1)).toBe(1000);
    expect(retryDelay(1, DEFAULT_RETRY_POLICY, () => 1)).toBe(2000);
    expect(retryDelay(2, DEFAULT_RETRY_POLICY, () => 1)).toBe(4000);
    expect(retryDelay(10, DEFAULT_RETRY_POLICY, () => 1)).toBe(8000);
  });

  it("honours the server's Retry-After, with up to half again of jitter, 5 s at most", () => {
    expect(retryDelay(0, DEFAULT_RETRY_POLICY, () => 0, 6000)).toBe(6000);
    expect(retryDelay(0, DEFAULT_RETRY_POLICY, () => 1, 6000)).toBe(9000);
    expect(retryDelay(0, DEFAULT_RETRY_POLICY, () => 0, 30_000)).toBe(30_000);
    expect(retryDelay(0, DEFAULT_RETRY_POLICY, () => 1, 30_000)).toBe(35_000);
    // A Retry-After shorter than the back-off does not shorten it.
    expect(retryDelay(3, DEFAULT_RETRY_POLICY, () => 1, 1000)).toBe(8000);
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2025-01-14T11:00:00Z');
    expect(parseRetryAfter('5', now)).toBe(5000);
    expect(parseRetryAfter('Tue, 14 Jan 2025 11:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});

import { type RetryPolicy, retryDelay } from '../../lib/retry.ts';
import { retryAfterOf } from './transport-contract.ts';

/**
 * When the answer queue tries a failed call again: back-off per key (a photo, a question, the answers'
 * read), the server's Retry-After first, and one timer for the earliest of them.
 */

export const DEFAULT_BACKOFF: RetryPolicy = {
  retries: Number.POSITIVE_INFINITY,
  baseDelayMs: 1000,
  maxDelayMs: 30_000,
};

type Backoff = { attempts: number; notBefore: number };

/** The back-off of a set of keys. */
export class Backoffs<K extends string = string> {
  private readonly byKey = new Map<K, Backoff>();

  constructor(private readonly clock: { policy: RetryPolicy; now: () => number; random: () => number }) {}

  /** Waits before trying `key` again: the server's Retry-After (with jitter) when it gave one, else back-off. */
  delay(key: K, error?: unknown): void {
    const attempts = this.attempts(key) + 1;
    const wait = retryDelay(attempts - 1, this.clock.policy, this.clock.random, retryAfterOf(error));
    this.byKey.set(key, { attempts, notBefore: this.clock.now() + wait });
  }

  /** Counts a failed try of `key` but lets it go again at once. */
  retryAtOnce(key: K): void {
    this.byKey.set(key, { attempts: this.attempts(key) + 1, notBefore: 0 });
  }

  attempts(key: K): number {
    return this.byKey.get(key)?.attempts ?? 0;
  }

  ready(key: K): boolean {
    return (this.byKey.get(key)?.notBefore ?? 0) <= this.clock.now();
  }

  delete(key: K): void {
    this.byKey.delete(key);
  }

  clear(): void {
    this.byKey.clear();
  }

  /** When the earliest of the keys that still matter may go again. */
  times(matters: (key: K) => boolean): number[] {
    return [...this.byKey].filter(([key]) => matters(key)).map(([, backoff]) => backoff.notBefore);
  }
}

/** One timer that wakes the queue at the earliest of some instants. */
export class WakeTimer {
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly now: () => number,
    private readonly wake: () => void,
  ) {}

  at(times: number[]): void {
    this.cancel();
    if (times.length === 0) return;
    const wait = Math.max(0, Math.min(...times) - this.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      this.wake();
    }, wait);
  }

  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}

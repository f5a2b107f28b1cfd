/**
 * A small in-memory cache whose entries live for a fixed time. Concurrent misses of one key share one
 * load (the exam's start instant asks for the same rows thousands of times at once), and a failed load
 * is not kept. Time is the process's monotonic clock, not the app's clock: the app's clock is the exam's
 * notion of "now" (tests move it), the cache's age is real elapsed time.
 *
 * Why not a package (decision 029): lru-cache's fetch() and @isaacs/ttlcache do TTL, but neither keeps a
 * load's promise so that concurrent misses share it and a failure is forgotten at once; with the options
 * that make them do so they are longer to read than these 30 lines, which the tests pin down.
 */
export class TtlCache<V> {
  readonly #entries = new Map<string, { value: Promise<V>; expires: number }>();
  readonly #ttlMs: number;
  readonly #now: () => number;

  constructor(ttlMs: number, now: () => number = () => performance.now()) {
    this.#ttlMs = ttlMs;
    this.#now = now;
  }

  get(key: string, load: () => Promise<V>): Promise<V> {
    const now = this.#now();
    const cached = this.#entries.get(key);
    if (cached && cached.expires > now) return cached.value;
    const value = load();
    const entry = { value, expires: now + this.#ttlMs };
    this.#entries.set(key, entry);
    value.catch(() => {
      if (this.#entries.get(key) === entry) this.#entries.delete(key);
    });
    return value;
  }

  /** Forgets one key, or every key. The next get loads again. */
  delete(key?: string) {
    if (key === undefined) this.#entries.clear();
    else this.#entries.delete(key);
  }
}

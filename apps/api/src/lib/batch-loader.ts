type Waiter<V> = { resolve: (value: V | undefined) => void; reject: (reason: unknown) => void };

/**
 * Coalesces the lookups by key that arrive in the same turn of the event loop into one call of
 * `loadMany` (at most `maxBatch` keys each): at the exam's start a thousand requests arrive together,
 * and their thousand session lookups become a few queries. A lookup waits for nothing but the end of
 * the current turn (setImmediate), so a lone request is not slowed. A failed call fails its lookups only.
 *
 * Why not dataloader (decision 029): it does this with three options (no cache, batch size, scheduler),
 * but its cache must be off (a session is read anew on every request) and its contract (an array in
 * key order, errors per key) is more to get right than these 40 tested lines; revisit if a second
 * batching need appears.
 */
export function batchLoader<V>(
  loadMany: (keys: string[]) => Promise<ReadonlyMap<string, V>>,
  maxBatch = 250,
): (key: string) => Promise<V | undefined> {
  let pending: Map<string, Array<Waiter<V>>> | undefined;

  const run = (batch: Map<string, Array<Waiter<V>>>) => {
    loadMany([...batch.keys()]).then(
      (found) => {
        for (const [key, waiters] of batch) for (const w of waiters) w.resolve(found.get(key));
      },
      (err: unknown) => {
        for (const waiters of batch.values()) for (const w of waiters) w.reject(err);
      },
    );
  };

  const flush = () => {
    const batch = pending;
    pending = undefined;
    if (batch) run(batch);
  };

  return (key) =>
    new Promise<V | undefined>((resolve, reject) => {
      if (!pending) {
        pending = new Map();
        setImmediate(flush);
      }
      const waiters = pending.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else pending.set(key, [{ resolve, reject }]);
      if (pending.size >= maxBatch) flush();
    });
}

type Entry<I, R> = { item: I; resolve: (result: R) => void; reject: (reason: unknown) => void };

/**
 * Group commit: the writes that arrive in the same turn of the event loop, or while earlier ones are being
 * written, are written together in one call of `writeMany` (at most `maxBatch` each, at most `atOnce`
 * calls at a time), which answers a result for each item, in order. In the exam's last minutes hundreds
 * of photos are recorded a second; one statement for many costs the database one transaction instead of
 * many, and the server's one thread one write to its socket. A lone write waits for nothing but the end of
 * the current turn.
 *
 * A statement writes all or nothing, so a failed call is tried again one item at a time: an item that
 * cannot be written (or a batch the database gave up on, as in a deadlock) fails alone.
 */
export function batchWriter<I, R>(
  writeMany: (items: I[]) => Promise<R[]>,
  { atOnce, maxBatch }: { atOnce: number; maxBatch: number },
): (item: I) => Promise<R> {
  const waiting: Entry<I, R>[] = [];
  let writing = 0;
  let scheduled = false;

  const write = async (batch: Entry<I, R>[]) => {
    try {
      const results = await writeMany(batch.map((entry) => entry.item));
      for (const [i, entry] of batch.entries()) entry.resolve(results[i] as R);
    } catch (err) {
      if (batch.length === 1) batch[0]?.reject(err);
      else for (const entry of batch) await write([entry]);
    }
  };

  const start = () => {
    scheduled = false;
    while (writing < atOnce && waiting.length > 0) {
      writing += 1;
      void write(waiting.splice(0, maxBatch)).finally(() => {
        writing -= 1;
        start();
      });
    }
  };

  return (item) =>
    new Promise<R>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (!scheduled && writing < atOnce) {
        scheduled = true;
        setImmediate(start);
      }
    });
}

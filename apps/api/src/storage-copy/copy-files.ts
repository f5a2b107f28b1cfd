import { createHash } from 'node:crypto';
import type { Storage } from '../lib/storage.ts';

export type CopyProgress = { total: number; done: number; copied: number; skipped: number };

/** Files copied at once: enough to hide each request's latency, few enough for a small machine. */
const AT_ONCE = 4;

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

export class CopyVerificationError extends Error {}

/** The target already holds the same bytes: same size, then same hash. */
async function alreadyThere(to: Storage, key: string, size: number, hash: () => Promise<string>) {
  if ((await to.size(key)) !== size) return false;
  return sha256(await to.read(key)) === (await hash());
}

/**
 * Copies every file of one store into another, verifying each copy's size and SHA-256 by reading it back.
 * Idempotent and so resumable: a file the target already holds whole is skipped, a copy cut short by a stop
 * is made again. Files removed from the source while copying are passed over.
 */
export async function copyFiles(
  from: Storage,
  to: Storage,
  onProgress: (progress: CopyProgress) => void = () => {},
): Promise<CopyProgress> {
  const items: Array<{ key: string; size: number }> = [];
  for await (const item of from.list()) items.push(item);
  const progress: CopyProgress = { total: items.length, done: 0, copied: 0, skipped: 0 };
  onProgress({ ...progress });

  const copyOne = async (key: string, listedSize: number) => {
    let data: Buffer | undefined;
    const source = async () => {
      data ??= await from.read(key);
      return data;
    };
    const sourceHash = async () => sha256(await source());
    if (await alreadyThere(to, key, listedSize, sourceHash)) return 'skipped';
    const bytes = await source().catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return undefined; // removed since the listing
      throw err;
    });
    if (!bytes) return 'skipped';
    await to.put(key, bytes);
    const copy = await to.read(key);
    if (copy.length !== bytes.length || sha256(copy) !== sha256(bytes))
      throw new CopyVerificationError(`${key}: the copy read back differs from the source`);
    return 'copied';
  };

  let next = 0;
  await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      while (next < items.length) {
        const item = items[next];
        next += 1;
        if (!item) break;
        const outcome = await copyOne(item.key, item.size);
        progress.done += 1;
        progress[outcome] += 1;
        onProgress({ ...progress });
      }
    }),
  );
  return progress;
}

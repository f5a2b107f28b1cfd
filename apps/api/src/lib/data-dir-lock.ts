import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The embedded database does not lock its folder, and two processes writing it corrupt it.
 * The server holds DATA_DIR/server.lock while it runs; tools refuse a folder a live process holds.
 */
export function acquireDataDirLock(dataDir: string, holder: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, JSON.stringify({ pid: process.pid, holder, since: new Date().toISOString() }), {
        flag: 'wx',
      });
      return () => rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = readOwner(file);
      if (owner && owner.pid !== process.pid && isAlive(owner.pid)) {
        throw new DataDirLockedError(
          `The embedded database in ${dataDir} is in use by a running ${owner.holder} (process ${owner.pid}). ` +
            'Stop it first, or use PostgreSQL (DATABASE_URL) to run several processes.',
        );
      }
      rmSync(file, { force: true }); // left behind by a process that died
    }
  }
  throw new DataDirLockedError(`Could not lock ${dataDir}.`);
}

function readOwner(file: string): { pid: number; holder: string } | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

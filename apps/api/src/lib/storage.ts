import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { AppError } from './app-error.ts';

/** A new stored image's key: 128 random bits, so keys cannot be guessed or collide. */
export const newImageKey = () => `${randomBytes(16).toString('hex')}.jpg`;

/** The key of bytes kept as received, before processing (never served): `.raw` whatever their format. */
export const newRawKey = () => `${randomBytes(16).toString('hex')}.raw`;

/**
 * Where uploaded files live. The disk implementation keeps them under DATA_DIR/uploads; an
 * S3-compatible store can implement the same four calls.
 */
export type Storage = {
  /** Resolves once the file is durable: an acknowledgment may rest on it (a crash or power cut keeps it). */
  put: (key: string, data: Buffer) => Promise<void>;
  /** The file as a stream; a 404 AppError when it is gone (a lost disk, a restore without uploads). */
  stream: (key: string) => Promise<Readable>;
  read: (key: string) => Promise<Buffer>;
  delete: (key: string) => Promise<void>;
};

async function syncFolder(folder: string) {
  const handle = await open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Keys are random names; two levels of folders keep each folder small. */
export function diskStorage(root: string): Storage {
  const fileOf = (key: string) => {
    if (!/^[a-z0-9]{16,64}\.[a-z]{2,5}$/.test(key)) throw new Error(`invalid storage key ${key}`);
    return path.join(root, key.slice(0, 2), key.slice(2, 4), key);
  };
  return {
    async put(key, data) {
      const file = fileOf(key);
      const folder = path.dirname(file);
      const created = await mkdir(folder, { recursive: true });
      // New folders are entries of their parents: flush those parents too.
      if (created) {
        for (let dir = folder; dir !== path.dirname(created); dir = path.dirname(dir)) {
          await syncFolder(path.dirname(dir));
        }
      }
      // Write, flush, then rename, so a crash never leaves a half-written file under the final name;
      // flushing the folder too makes the new name itself survive a power cut.
      const partial = `${file}.partial`;
      const handle = await open(partial, 'w');
      try {
        await handle.writeFile(data);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(partial, file);
      await syncFolder(folder);
    },
    async stream(key) {
      // Open first, so a missing file is a clear 404 before any header is sent, not a broken 200.
      const handle = await open(fileOf(key)).catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') throw new AppError(404, 'notFound');
        throw err;
      });
      return handle.createReadStream();
    },
    read: (key) => readFile(fileOf(key)),
    delete: (key) => rm(fileOf(key), { force: true }),
  };
}

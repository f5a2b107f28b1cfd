import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { AppError } from './app-error.ts';

/** A new stored image's key: 128 random bits, so keys cannot be guessed or collide. */
export const newImageKey = () => `${randomBytes(16).toString('hex')}.jpg`;

/**
 * Where uploaded files live. The disk implementation keeps them under DATA_DIR/uploads; an
 * S3-compatible store can implement the same four calls.
 */
export type Storage = {
  put: (key: string, data: Buffer) => Promise<void>;
  /** The file as a stream; a 404 AppError when it is gone (a lost disk, a restore without uploads). */
  stream: (key: string) => Promise<Readable>;
  read: (key: string) => Promise<Buffer>;
  delete: (key: string) => Promise<void>;
};

/** Keys are random names; two levels of folders keep each folder small. */
export function diskStorage(root: string): Storage {
  const fileOf = (key: string) => {
    if (!/^[a-z0-9]{16,64}\.[a-z]{2,5}$/.test(key)) throw new Error(`invalid storage key ${key}`);
    return path.join(root, key.slice(0, 2), key.slice(2, 4), key);
  };
  return {
    async put(key, data) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a crash never leaves a half-written file under the final name.
      const partial = `${file}.partial`;
      await writeFile(partial, data);
      await rename(partial, file);
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

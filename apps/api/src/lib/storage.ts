import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { AppError } from './app-error.ts';

/** A new stored image's key: 128 random bits, so keys cannot be guessed or collide. */
export const newImageKey = () => `${randomBytes(16).toString('hex')}.jpg`;

/** The key of bytes kept as received, before processing (never served): `.raw` whatever their format. */
export const newRawKey = () => `${randomBytes(16).toString('hex')}.raw`;

/** The keys the app makes (above), and the only ones a store accepts: nothing else can name a file. */
export const STORAGE_KEY = /^[a-z0-9]{16,64}\.[a-z]{2,5}$/;

export function assertStorageKey(key: string) {
  if (!STORAGE_KEY.test(key)) throw new Error(`invalid storage key ${key}`);
}

/** Bytes `start` to `end` of a file, both included (as in an HTTP Range header). */
export type ByteRange = { start: number; end: number };

export type StoredObject = { key: string; size: number };

/**
 * Where uploaded files live: the local folder (storage-disk.ts, the default) or an S3-compatible object store
 * (storage-s3.ts), chosen by STORAGE (open-storage.ts). Every stored file of the app goes through this.
 */
export type Storage = {
  /** `local` or `s3`: named in logs and health checks. */
  kind: 'local' | 's3';
  /** Resolves once the file is durable: an acknowledgment may rest on it (a crash or power cut keeps it). */
  put: (key: string, data: Buffer) => Promise<void>;
  /** The file (or a range of it) as a stream; a 404 AppError when it is gone (a lost disk, a restore without uploads). */
  stream: (key: string, range?: ByteRange) => Promise<Readable>;
  /** The whole file; a MissingFileError when it is gone. */
  read: (key: string) => Promise<Buffer>;
  /** The file's size in bytes, or undefined when there is no such file. */
  size: (key: string) => Promise<number | undefined>;
  /** Removes the file; nothing happens when there is none. */
  delete: (key: string) => Promise<void>;
  /** Every stored file, in key order. */
  list: () => AsyncIterable<StoredObject>;
  /** Resolves when the store answers (health checks); throws otherwise. */
  check: () => Promise<void>;
};

/** A read of a file that is not there. `code` as Node's own, so callers test one thing for both stores. */
export class MissingFileError extends Error {
  readonly code = 'ENOENT';
  constructor(key: string) {
    super(`no stored file ${key}`);
  }
}

export const isMissingFile = (err: unknown) => (err as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';

/** Seconds a client is told to wait when the object store does not answer (it is restarting, or unreachable). */
export const STORE_RETRY_AFTER_SECONDS = 5;

/** The object store does not answer: 503 with Retry-After, so nothing is acknowledged and the client sends again. */
export const storeUnavailable = (cause: unknown) => {
  const error = new AppError(503, 'server.unavailable', {
    headers: { 'Retry-After': String(STORE_RETRY_AFTER_SECONDS) },
  });
  error.cause = cause;
  return error;
};

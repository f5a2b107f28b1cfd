import { createHash, randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/lib/app-error.ts';
import { isMissingFile, newImageKey, newRawKey, type Storage } from '../../src/lib/storage.ts';

const bytesOf = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
};
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * What every store must do (storage.ts), run against each implementation: the local folder in `npm test`,
 * S3 (a real Swift) in `npm run test:s3`.
 */
export function storageContract(name: string, open: () => Storage) {
  describe(`storage contract: ${name}`, () => {
    it('keeps what was written: read, streamed, sized, listed', async () => {
      const storage = open();
      const key = newImageKey();
      await storage.put(key, Buffer.from('answer photo bytes'));
      expect((await storage.read(key)).toString()).toBe('answer photo bytes');
      expect(await text(await storage.stream(key))).toBe('answer photo bytes');
      expect(await storage.size(key)).toBe(18);
      const listed = [];
      for await (const item of storage.list()) listed.push(item);
      expect(listed).toContainEqual({ key, size: 18 });
    });

    it('reads a range of bytes, both ends included', async () => {
      const storage = open();
      const key = newRawKey();
      await storage.put(key, Buffer.from('0123456789'));
      expect(await text(await storage.stream(key, { start: 2, end: 5 }))).toBe('2345');
      expect(await text(await storage.stream(key, { start: 9, end: 9 }))).toBe('9');
    });

    it('deletes, and deleting what is not there is no error', async () => {
      const storage = open();
      const key = newImageKey();
      await storage.put(key, Buffer.from('x'));
      await storage.delete(key);
      await storage.delete(key);
      expect(await storage.size(key)).toBeUndefined();
    });

    it('tells a missing file apart: read fails as missing, stream is a 404, size is undefined', async () => {
      const storage = open();
      const key = newImageKey();
      const readError = await storage.read(key).catch((err: unknown) => err);
      expect(isMissingFile(readError)).toBe(true);
      const streamError = await storage.stream(key).catch((err: unknown) => err);
      expect(streamError).toBeInstanceOf(AppError);
      expect((streamError as AppError).statusCode).toBe(404);
      expect(await storage.size(key)).toBeUndefined();
    });

    it('keeps a large file whole (20 MB, in parts on S3)', { timeout: 120_000 }, async () => {
      const storage = open();
      const key = newRawKey();
      const data = randomBytes(20 * 1024 * 1024);
      await storage.put(key, data);
      expect(await storage.size(key)).toBe(data.length);
      expect(sha256(await storage.read(key))).toBe(sha256(data));
      const tail = await bytesOf(
        await storage.stream(key, { start: data.length - 10, end: data.length - 1 }),
      );
      expect(tail.equals(data.subarray(data.length - 10))).toBe(true);
      await storage.delete(key);
    });

    it('ends concurrent writes of one key with one of them, whole, never a mix', async () => {
      const storage = open();
      const key = newImageKey();
      const versions = Array.from({ length: 8 }, (_, i) => Buffer.alloc(256 * 1024, i + 1));
      await Promise.all(versions.map((data) => storage.put(key, data)));
      const kept = await storage.read(key);
      expect(versions.some((data) => data.equals(kept))).toBe(true);
      const listed = [];
      for await (const item of storage.list()) if (item.key === key) listed.push(item);
      expect(listed).toEqual([{ key, size: 256 * 1024 }]);
    });

    it('refuses a key the app did not make', async () => {
      const storage = open();
      await expect(storage.put('../escape.jpg', Buffer.from('x'))).rejects.toThrow('invalid storage key');
    });

    it('answers its health check', async () => {
      await open().check();
    });
  });
}

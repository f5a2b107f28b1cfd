import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newImageKey, newRawKey, type Storage } from '../../src/lib/storage.ts';
import { type CopyProgress, copyFiles } from '../../src/storage-copy/copy-files.ts';
import { progressLine } from '../../src/storage-copy/progress-bar.ts';

/** The copy of `npm run storage:copy` between two stores, each way: local to local in npm test, with S3 in test:s3. */
export function storageCopyCases(name: string, open: () => Promise<{ from: Storage; to: Storage }>) {
  describe(`storage copy: ${name}`, () => {
    it('copies every file, verified, and a second run (or the rest of a stopped one) copies nothing twice', async () => {
      const { from, to } = await open();
      const files = new Map<string, Buffer>();
      for (let i = 0; i < 12; i += 1)
        files.set(i % 3 ? newImageKey() : newRawKey(), randomBytes(1000 + i * 500));
      for (const [key, data] of files) await from.put(key, data);
      // A run stopped after three files: they are there already; one is there cut short.
      const keys = [...files.keys()].sort();
      for (const key of keys.slice(0, 3)) await to.put(key, files.get(key) ?? Buffer.alloc(0));
      await to.put(keys[3] ?? '', Buffer.from('cut short'));

      const seen: CopyProgress[] = [];
      const first = await copyFiles(from, to, (progress) => seen.push(progress));
      expect(first).toEqual({ total: 12, done: 12, copied: 9, skipped: 3 });
      expect(seen.map((p) => p.done)).toEqual([...Array(13).keys()]);
      for (const [key, data] of files) expect((await to.read(key)).equals(data)).toBe(true);

      expect(await copyFiles(from, to)).toEqual({ total: 12, done: 12, copied: 0, skipped: 12 });
      expect(progressLine({ total: 12, done: 6, copied: 4, skipped: 2 })).toBe(
        '[###############---------------] 50% 6/12 files (4 copied, 2 already there)',
      );
    });
  });
}

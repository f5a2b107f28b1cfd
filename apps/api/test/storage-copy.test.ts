import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { diskStorage } from '../src/lib/storage-disk.ts';
import { storageCopyCases } from './helpers/storage-copy-cases.ts';

const root = mkdtempSync(path.join(os.tmpdir(), 'ngso-storage-copy-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let runs = 0;
storageCopyCases('local to local', async () => {
  runs += 1;
  return {
    from: diskStorage(path.join(root, `from-${runs}`)),
    to: diskStorage(path.join(root, `to-${runs}`)),
  };
});

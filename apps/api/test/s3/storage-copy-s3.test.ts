import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { diskStorage } from '../../src/lib/storage-disk.ts';
import { s3Storage } from '../../src/lib/storage-s3.ts';
import { storageCopyCases } from '../helpers/storage-copy-cases.ts';
import { startThrowawayS3, type ThrowawayS3 } from '../helpers/throwaway-s3.ts';

let server: ThrowawayS3;
const root = mkdtempSync(path.join(os.tmpdir(), 'ngso-storage-copy-'));
beforeAll(async () => {
  server = await startThrowawayS3();
});
afterAll(async () => {
  await server?.remove();
  rmSync(root, { recursive: true, force: true });
});

let runs = 0;
storageCopyCases('local to S3', async () => {
  runs += 1;
  return { from: diskStorage(path.join(root, `local-${runs}`)), to: s3Storage(await server.newBucket()) };
});
storageCopyCases('S3 to local', async () => {
  runs += 1;
  return { from: s3Storage(await server.newBucket()), to: diskStorage(path.join(root, `local-${runs}`)) };
});

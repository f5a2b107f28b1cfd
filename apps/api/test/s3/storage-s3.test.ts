import { afterAll, beforeAll } from 'vitest';
import type { S3Settings } from '../../src/lib/storage-s3.ts';
import { s3Storage } from '../../src/lib/storage-s3.ts';
import { storageContract } from '../helpers/storage-contract.ts';
import { startThrowawayS3, type ThrowawayS3 } from '../helpers/throwaway-s3.ts';

let server: ThrowawayS3;
let settings: S3Settings;
beforeAll(async () => {
  server = await startThrowawayS3();
  settings = await server.newBucket();
});
afterAll(async () => {
  await server?.remove();
});

storageContract('S3 (Swift)', () => s3Storage(settings));

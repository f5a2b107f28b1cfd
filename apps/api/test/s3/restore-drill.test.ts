import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { createBackup, restoreBackup } from '../../src/backup/backup.ts';
import { loadConfig } from '../../src/config.ts';
import { openDatabase } from '../../src/db/client.ts';
import { openStorage } from '../../src/lib/open-storage.ts';
import { ensureAdmin } from '../../src/modules/auth/admin-accounts.ts';
import { jpegPhoto } from '../helpers/images.ts';
import { waitForMedia } from '../helpers/media.ts';
import { multipart } from '../helpers/multipart.ts';
import { client } from '../helpers/test-app.ts';
import { startThrowawayS3, type ThrowawayS3 } from '../helpers/throwaway-s3.ts';

let server: ThrowawayS3;
const folders: string[] = [];
beforeAll(async () => {
  server = await startThrowawayS3();
});
afterAll(async () => {
  await server?.remove();
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

const ADMIN = { email: 'chief@example.com', password: 'Chief-pass-1' };

/** A season on the embedded database with its files in a bucket of its own. */
async function season(bucket: Record<string, string>) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ngso-drill-'));
  folders.push(dataDir);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    BASE_URL: 'http://localhost:3000',
    WEB_DIST: path.join(dataDir, 'none'),
    ...bucket,
  });
  return { config, target: { dataDir, storage: await openStorage(config) } };
}

async function appOn(config: ReturnType<typeof loadConfig>) {
  const database = await openDatabase({ dataDir: config.DATA_DIR });
  const app = await buildApp(config, { database, startMailWorker: false });
  return { app, database };
}

describe('restore drill with the files in S3', () => {
  it('brings back the database and every file into an empty data folder and an empty bucket', {
    timeout: 120_000,
  }, async () => {
    const source = await season(server.envFor(await server.newBucket()));
    const running = await appOn(source.config);
    await ensureAdmin(running.database.db, ADMIN.email, ADMIN.password, new Date());
    const admin = client(running.app);
    await admin.post('/api/v1/login', ADMIN);
    const urls: string[] = [];
    for (const width of [300, 320, 340]) {
      const response = await admin.request({
        method: 'POST',
        url: '/api/v1/upload',
        ...multipart([{ name: 'a.jpg', data: await jpegPhoto({ width }) }]),
      });
      expect(response.statusCode).toBe(200);
      urls.push(response.json().url);
    }
    for (const url of urls) expect((await waitForMedia(running.database.db, url)).status).toBe('ready');
    const originals = await Promise.all(urls.map(async (url) => (await admin.get(url)).rawPayload));
    await running.app.close();
    await running.database.close();

    const backupDir = `${source.target.dataDir}-backup`;
    folders.push(backupDir);
    await createBackup(source.target, backupDir);

    const restored = await season(server.envFor(await server.newBucket('ngso-restored')));
    await restoreBackup(restored.target, backupDir);
    const listed = [];
    for await (const item of restored.target.storage.list()) listed.push(item);
    expect(listed).toHaveLength(3); // the processed photos; the bytes as received were removed

    const again = await appOn(restored.config);
    try {
      const adminAgain = client(again.app);
      expect((await adminAgain.post('/api/v1/login', ADMIN)).statusCode).toBe(200);
      for (const [i, url] of urls.entries()) {
        const response = await adminAgain.get(url);
        expect(response.statusCode).toBe(200);
        expect(response.rawPayload.equals(originals[i] ?? Buffer.alloc(0))).toBe(true);
      }
    } finally {
      await again.app.close();
      await again.database.close();
    }
  });
});

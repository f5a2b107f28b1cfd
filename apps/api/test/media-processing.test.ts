import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { DatabaseHandle } from '../src/db/client.ts';
import { media } from '../src/db/schema.ts';
import { fixedClock } from '../src/lib/clock.ts';
import { newRawKey } from '../src/lib/storage.ts';
import { answerUploadGate } from '../src/modules/exam/answer-upload-gate.ts';
import { processPendingMedia } from '../src/modules/media/media-processing.ts';
import { registeredStudent, signedInAdmin } from './helpers/fixtures.ts';
import { jpegPhoto } from './helpers/images.ts';
import { mediaIdOf, waitForMedia } from './helpers/media.ts';
import { multipart } from './helpers/multipart.ts';
import { BASE_URL, client, newStudent } from './helpers/test-app.ts';
import { createTestDatabase } from './helpers/test-database.ts';

// During the seeded juniors' exam (2025-01-14, 11:00 to 12:00 UTC): an approved junior may upload.
const clock = fixedClock('2025-01-14T11:30:00Z');
let database: DatabaseHandle;
let dataDir: string;
const apps: Array<Awaited<ReturnType<typeof buildApp>>> = [];

type TestApp = Parameters<typeof signedInAdmin>[0];

/** A server on the test's database and DATA_DIR, working `workers` image jobs at once (0: none). */
async function startApp(
  workers: number,
  env: Record<string, string> = {},
  overrides: { threadUse?: () => number; photosAtPeak?: () => boolean } = {},
): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    BASE_URL,
    WEB_DIST: path.join(dataDir, 'no-web'),
    IMAGE_WORKERS: String(workers),
    ...env,
  });
  const app = await buildApp(config, { database, clock, startMailWorker: false, ...overrides });
  await app.ready();
  apps.push(app);
  return { app, db: database.db, dataDir, close: () => app.close() };
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'ngso-media-jobs-'));
  database = await createTestDatabase();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});

const upload = (browser: ReturnType<typeof client>, data: Buffer, name = 'answer.jpg') =>
  browser.request({ method: 'POST', url: '/api/v1/upload', ...multipart([{ name, data }]) });

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const fileOf = (key: string) => path.join(dataDir, 'uploads', key.slice(0, 2), key.slice(2, 4), key);
const storedFiles = async () =>
  (await readdir(path.join(dataDir, 'uploads'), { recursive: true })).filter((name) =>
    /\.(jpg|raw)$/.test(name),
  );

let organisers = 0;
const organiser = (t: TestApp) => {
  organisers += 1;
  return signedInAdmin(t, `processing${organisers}@example.com`);
};

describe('an answer photo is acknowledged once stored, and processed in the background', () => {
  it('keeps the bytes as received (pending, never served), then serves only the processed image', async () => {
    const t = await startApp(0);
    const owner = await organiser(t);
    const photo = await jpegPhoto({ gps: true, width: 500, height: 400 });

    const response = await upload(owner, photo);
    expect(response.statusCode, response.body).toBe(200);
    const { url } = response.json();
    const [pending] = await t.db.query.media.findMany({ where: (m, { eq }) => eq(m.id, mediaIdOf(url)) });
    expect(pending).toMatchObject({
      status: 'pending',
      sha256: sha256(photo),
      sourceSha256: sha256(photo),
      sourceSize: photo.length,
      width: 500,
      height: 400,
    });
    expect((await readFile(fileOf(pending?.storageKey ?? ''))).equals(photo)).toBe(true);

    const processing = await owner.get(url);
    expect(processing.statusCode).toBe(409);
    expect(processing.headers['retry-after']).toBe('2');
    expect(processing.json()).toEqual({
      status: 'error',
      message: 'This photo is being processed. Please try again in a moment.',
    });
    expect(processing.rawPayload.includes(Buffer.from('PhoneMaker'))).toBe(false);

    const storage = t.app.services.storage;
    expect(await processPendingMedia({ db: t.db, storage }, mediaIdOf(url))).toBe('ready');
    const ready = await waitForMedia(t.db, url);
    expect(ready).toMatchObject({ status: 'ready', contentType: 'image/jpeg', sourceSha256: sha256(photo) });
    expect(ready.sha256).not.toBe(sha256(photo));
    expect(ready.storageKey).not.toBe(pending?.storageKey);
    await expect(readFile(fileOf(pending?.storageKey ?? ''))).rejects.toThrow(/ENOENT/);

    const served = await owner.get(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers.etag).toBe(`"${ready.sha256}"`);
    expect(sha256(served.rawPayload)).toBe(ready.sha256);
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();

    // The job again (a retry after a crash, a sweep): nothing changes.
    expect(await processPendingMedia({ db: t.db, storage }, mediaIdOf(url))).toBe('done already');
  });

  it('marks bytes that do not decode as failed (404), and removes them', async () => {
    const t = await startApp(0);
    const owner = await organiser(t);
    const whole = await jpegPhoto({ width: 800, height: 600 });
    const truncated = whole.subarray(0, Math.floor(whole.length / 3));
    const response = await upload(owner, truncated, 'cut.jpg');
    expect(response.statusCode, response.body).toBe(200);
    const id = mediaIdOf(response.json().url);
    const [row] = await t.db.query.media.findMany({ where: (m, { eq }) => eq(m.id, id) });

    expect(await processPendingMedia({ db: t.db, storage: t.app.services.storage }, id)).toBe('failed');
    expect((await waitForMedia(t.db, id)).status).toBe('failed');
    await expect(readFile(fileOf(row?.storageKey ?? ''))).rejects.toThrow(/ENOENT/);
    expect((await owner.get(response.json().url)).statusCode).toBe(404);
  });

  it('keeps one processed file when two runs of the same job race', async () => {
    const t = await startApp(0);
    const owner = await organiser(t);
    const before = (await storedFiles()).length;
    const id = mediaIdOf((await upload(owner, await jpegPhoto())).json().url);
    const deps = { db: t.db, storage: t.app.services.storage };
    const outcomes = await Promise.all([processPendingMedia(deps, id), processPendingMedia(deps, id)]);
    expect(outcomes.sort()).toEqual(['done already', 'ready']);
    const row = await waitForMedia(t.db, id);
    const after = await storedFiles();
    expect(after).toHaveLength(before + 1);
    expect(after.some((name) => name.endsWith(row.storageKey))).toBe(true);
  });

  it('processes, in a server started later, what an earlier one acknowledged and left pending', async () => {
    const first = await startApp(0);
    const owner = await organiser(first);
    const urls: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const response = await upload(owner, await jpegPhoto({ width: 200 + i, height: 100 }));
      expect(response.statusCode).toBe(200);
      urls.push(response.json().url);
    }
    await first.app.close();
    apps.splice(apps.indexOf(first.app), 1);

    const second = await startApp(2);
    for (const url of urls) expect((await waitForMedia(second.db, url)).status).toBe('ready');
    // The same session (kept in the database), on the second server.
    const again = client(second.app);
    for (const [name, value] of owner.cookies) again.cookies.set(name, value);
    for (const url of urls) expect((await again.get(url)).statusCode).toBe(200);
  });
});

/** A request whose body arrives slowly: the first half now, the rest when `finish` is called. */
function slowUpload(port: number, cookie: string, path: string, data: Buffer) {
  const body = multipart([{ name: 'slow.jpg', data }]);
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path,
    headers: {
      ...body.headers,
      'content-length': body.payload.length,
      cookie,
      'x-requested-with': 'XMLHttpRequest',
    },
  });
  const half = Math.floor(body.payload.length / 2);
  request.write(body.payload.subarray(0, half));
  const answered = new Promise<{ status: number; text: string }>((resolve, reject) => {
    request.on('response', (response) => {
      let text = '';
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
    });
    request.on('error', reject);
  });
  return {
    answered,
    /** Its size as the gate counts it (its Content-Length). */
    bytes: body.payload.length,
    finish: () => request.end(body.payload.subarray(half)),
    abandon: () => request.destroy(),
  };
}

describe('the sweep', () => {
  it('processes a photo whose row was written but whose job never was (a crash in between)', async () => {
    const t = await startApp(2, { IMAGE_JOB_TIMEOUT_SECONDS: '2' });
    const owner = await organiser(t);
    const ownerId = (await owner.get('/api/v1/user')).json().user.id as string;
    const photo = await jpegPhoto({ width: 320, height: 200 });
    const storageKey = newRawKey();
    await t.app.services.storage.put(storageKey, photo);
    const [row] = await t.db
      .insert(media)
      .values({
        ownerId,
        kind: 'upload',
        status: 'pending',
        storageKey,
        contentType: 'image/jpeg',
        sizeBytes: photo.length,
        sha256: sha256(photo),
        sourceSha256: sha256(photo),
        sourceSize: photo.length,
        width: 320,
        height: 200,
        createdAt: new Date(Date.now() - 10_000),
      })
      .returning();
    // Every second (half the time-out), pending photos older than the time-out are queued again.
    expect((await waitForMedia(t.db, row?.id ?? '', 20_000)).status).toBe('ready');
  });
});

describe('acknowledgements before processing', () => {
  /**
   * Uploads a photo to a server with two image workers (the only server running: the servers of the tests
   * above share the database, and would process it in their sweeps), checks that it is still pending 1.5 s
   * later, then lets the server go (`go`) and waits for the photo to be processed.
   */
  async function heldUntil(
    overrides: { threadUse: () => number; photosAtPeak: () => boolean },
    go: () => void,
  ) {
    for (const app of apps.splice(0)) await app.close();
    const t = await startApp(2, {}, overrides);
    const owner = await organiser(t);
    const response = await upload(owner, await jpegPhoto({ width: 320, height: 200 }));
    expect(response.statusCode, response.body).toBe(200);

    await new Promise((resolve) => setTimeout(resolve, 1500));
    const [waiting] = await t.db
      .select()
      .from(media)
      .where(eq(media.id, mediaIdOf(response.json().url)));
    expect(waiting?.status).toBe('pending');

    go();
    expect((await waitForMedia(t.db, response.json().url)).status).toBe('ready');
  }

  it("re-encodes a photo only once the server's thread is no longer busy answering", async () => {
    let threadUse = 0.99;
    await heldUntil({ threadUse: () => threadUse, photosAtPeak: () => false }, () => {
      threadUse = 0.2;
    });
  });

  it('re-encodes a photo only once answer photos no longer arrive at a peak, however idle the thread', async () => {
    let atPeak = true;
    await heldUntil({ threadUse: () => 0.2, photosAtPeak: () => atPeak }, () => {
      atPeak = false;
    });
  });
});

describe('the upload gates', () => {
  it('takes two answer photos of one account at a time: the third is 429 with Retry-After', async () => {
    const t = await startApp(0);
    const owner = await organiser(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as { port: number }).port;
    const cookie = [...owner.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const photo = await jpegPhoto();

    const first = slowUpload(port, cookie, '/api/v1/upload', photo);
    const second = slowUpload(port, cookie, '/api/v1/upload', photo);
    // Both are held once the server has read their headers and their session: on a busy machine that can
    // take longer than any fixed pause, so the third is sent once the gate holds their bytes.
    await vi.waitUntil(() => answerUploadGate.usage().inFlightBytes >= first.bytes + second.bytes, {
      timeout: 10_000,
      interval: 50,
    });
    const third = await upload(owner, photo);
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBe('2');
    expect(third.json().message).toBe('Please send at most two photos at a time.');
    // Another account is not held back by this one.
    expect((await upload(await organiser(t), photo)).statusCode).toBe(200);

    first.finish();
    second.finish();
    expect((await first.answered).status).toBe(200);
    expect((await second.answered).status).toBe(200);
    expect((await upload(owner, photo)).statusCode).toBe(200);
  });

  it('gives profile photos a gate of their own: one at a time per account', async () => {
    const t = await startApp(0);
    const student = client(t.app);
    await student.post('/api/v1/register', newStudent());
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as { port: number }).port;
    const cookie = [...student.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const photo = await jpegPhoto();

    const first = slowUpload(port, cookie, '/api/v1/user/profile/photo', photo);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const second = await student.request({
      method: 'POST',
      url: '/api/v1/user/profile/photo',
      ...multipart([{ name: 'me.jpg', data: photo }]),
    });
    expect(second.statusCode).toBe(429);
    first.finish();
    expect((await first.answered).status).toBe(200);
  });

  it('takes answer photos from a student only during their exam (403 before the body is read)', async () => {
    const t = await startApp(0);
    const outsider = client(t.app);
    await outsider.post('/api/v1/register', newStudent());
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as { port: number }).port;
    const cookie = [...outsider.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const photo = await jpegPhoto();
    // Answered while the body is still on its way.
    const slow = slowUpload(port, cookie, '/api/v1/upload', photo);
    const refused = await slow.answered;
    slow.abandon();
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.text).message).toBe('Answer photos can be uploaded only during your exam.');

    const { browser } = await registeredStudent(t, 'approved', 'junior');
    const accepted = await upload(browser, photo);
    expect(accepted.statusCode, accepted.body).toBe(200);
  });
});

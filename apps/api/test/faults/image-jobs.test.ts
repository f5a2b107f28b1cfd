import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { passSecondFactorOverHttp } from '../helpers/second-factor.ts';
import {
  type HttpClient,
  httpClient,
  type ServerProcess,
  startServerProcess,
} from '../helpers/server-process.ts';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../helpers/throwaway-postgres.ts';
import { startWorkerProcess } from '../helpers/worker-process.ts';
import { ADMIN, DATABASE, eventually, expectStatus, photoForm } from './support.ts';

/**
 * The image jobs under kill -9: a worker process killed in the middle of a job (the job runs again and the
 * photo ends processed), and a server killed right after acknowledging uploads (nothing acknowledged is
 * lost), on PostgreSQL (pg-boss) and on the embedded database (the queue in the process).
 * Ports: servers 4624 and 4628, PostgreSQL 4647.
 */
const TIMEOUT_SECONDS = '4';

let cluster: ThrowawayPostgres | undefined;
const dataDirs: string[] = [];
const processes: Array<{ kill: () => Promise<unknown> }> = [];

// Every process a test started ends with it (the next test starts its own on the same ports).
afterEach(async () => {
  for (const child of processes.splice(0)) await child.kill();
});
afterAll(async () => {
  await cluster?.destroy();
  for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
});

async function newDataDir() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ngso-faults-images-'));
  dataDirs.push(dir);
  return dir;
}

async function startServer(port: number, env: Record<string, string>) {
  const server = await startServerProcess({ port, env });
  processes.push(server);
  return server;
}

/** `npm run worker` as a child process; resolves once it works the queue. */
async function startWorker(env: Record<string, string>) {
  const worker = await startWorkerProcess(env);
  processes.push(worker);
  return worker;
}

/** A photo of many pixels (a PNG is decoded whole): each job takes a while, so a worker is busy. */
const heavyPhoto = () =>
  sharp({ create: { width: 6000, height: 6000, channels: 3, background: { r: 40, g: 90, b: 160 } } })
    .png({ compressionLevel: 1 })
    .toBuffer();

/** Files kept as received, not processed yet (a processed photo's received bytes are removed). */
const receivedFiles = async (dataDir: string) =>
  (await readdir(path.join(dataDir, 'uploads'), { recursive: true })).filter((name) => name.endsWith('.raw'));

/**
 * After a kill, the received bytes of every photo are gone once it is processed, but for those whose job the
 * kill cut between marking the photo ready and removing them (media-processing.ts): at most one per job in
 * flight, and referenced by no row (nothing is lost; the file only takes space).
 */
async function expectOnlyUnreferencedLeftovers(dataDir: string, jobsInFlight: number, database?: string) {
  const left = await receivedFiles(dataDir);
  expect(left.length, `received files left: ${left.join(', ')}`).toBeLessThanOrEqual(jobsInFlight);
  if (database && left.length > 0) {
    const keys = left.map((file) => path.basename(file));
    const referenced = await cluster?.query(
      'select id from media where storage_key = any($1)',
      [keys],
      database,
    );
    expect(referenced).toEqual([]);
  }
}

async function signedInAdmin(baseUrl: string, database: string) {
  const admin = httpClient(baseUrl);
  expectStatus(await admin.post('/api/v1/login', ADMIN), 200);
  await passSecondFactorOverHttp(admin, database, ADMIN.email);
  return admin;
}

/** Uploads photos one after the other (organisers may upload at any time); their addresses. */
async function uploadAll(client: HttpClient, photos: Buffer[], server: ServerProcess) {
  const urls: string[] = [];
  for (const photo of photos) {
    const response = await client.post('/api/v1/upload', photoForm(photo));
    expectStatus(response, 200, server);
    urls.push(response.body.url as unknown as string);
  }
  return urls;
}

/** Waits until every photo is served processed (a JPEG no longer than 2000 px), as a grader would see it. */
async function expectAllServed(client: HttpClient, urls: string[], timeoutMs = 90_000) {
  for (const url of urls) {
    const status = await eventually(
      `${url} to be processed`,
      async () => {
        const response = await client.get(url);
        return response.status === 409 ? undefined : response.status;
      },
      timeoutMs,
    );
    expect(status, url).toBe(200);
  }
}

describe('image jobs on PostgreSQL', () => {
  it('runs again the job of a worker killed in its middle, and the photo ends processed', async () => {
    cluster = await startThrowawayPostgres(4647);
    await cluster.query(`create database ${DATABASE}`);
    const dataDir = await newDataDir();
    const env = {
      DATABASE_URL: cluster.url(DATABASE),
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web'),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      RATE_LIMITS: 'off',
      IMAGE_JOB_TIMEOUT_SECONDS: TIMEOUT_SECONDS,
    };
    // The server only queues; a separate worker process does the re-encoding.
    const server = await startServer(4628, { ...env, IMAGE_WORKERS: '0' });
    const admin = await signedInAdmin(server.baseUrl, cluster.url(DATABASE));
    const heavy = await heavyPhoto();
    const urls = await uploadAll(
      admin,
      Array.from({ length: 20 }, () => heavy),
      server,
    );
    const pending = await cluster.query<{ n: number }>(
      "select count(*)::int as n from media where status = 'pending'",
      [],
      DATABASE,
    );
    expect(pending[0]?.n).toBe(urls.length);

    // A job the worker has taken and not finished: still active, its photo still pending.
    const orphansNow = async () =>
      (await cluster?.query<{ media_id: string }>(
        `select m.id as media_id from pgboss.job j join media m on m.id = (j.data->>'mediaId')::uuid
          where j.state = 'active' and m.status = 'pending'`,
        [],
        DATABASE,
      )) ?? [];
    // Kill a worker in the middle of a job, looked for without pause (a worker on free cores processes all
    // twenty photos between two looks a few hundred milliseconds apart). The job seen may end between the
    // look and the kill, with the next one not taken yet: then that worker died between jobs, and another
    // is started and killed, until one dies in the middle of a job.
    let orphans: Array<{ media_id: string }> = [];
    for (let tries = 0; orphans.length === 0; tries += 1) {
      expect(tries, 'a worker killed in the middle of a job').toBeLessThan(5);
      const worker = await startWorker({ ...env, IMAGE_WORKERS: '1' });
      for (let looks = 0; (await orphansNow()).length === 0; looks += 1) {
        expect(looks, 'the worker to take a job').toBeLessThan(20_000);
      }
      await worker.kill();
      orphans = await orphansNow();
    }

    const second = await startWorker({ ...env, IMAGE_WORKERS: '2' });
    await expectAllServed(admin, urls);
    const rows = await cluster.query<{ status: string }>('select status from media', [], DATABASE);
    expect(rows.map((row) => row.status)).toEqual(urls.map(() => 'ready'));
    // The killed worker's job may have been cut after its photo was marked ready.
    await expectOnlyUnreferencedLeftovers(dataDir, 1, DATABASE);

    // The killed worker's own job may still be marked active until its timeout runs out (its photo was
    // processed again by the sweep); once it has, it runs again, finds the photo ready and ends.
    await eventually("the killed worker's job to run again and end", async () => {
      const left = await cluster?.query(
        "select id from pgboss.job where state in ('active', 'created', 'retry')",
        [],
        DATABASE,
      );
      return left?.length === 0 ? true : undefined;
    });
    // SIGTERM (systemd's stop): the worker finishes what it has under way and exits cleanly.
    expect(await second.stop(35_000)).toEqual({ code: 0, signal: null });
    const active = await cluster.query('select id from pgboss.job where state = $1', ['active'], DATABASE);
    expect(active).toEqual([]);
  });

  it('loses nothing a server acknowledged when it is killed right after', async () => {
    const dataDir = await newDataDir();
    const env = {
      DATABASE_URL: cluster?.url(DATABASE) ?? '',
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web'),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      RATE_LIMITS: 'off',
      IMAGE_JOB_TIMEOUT_SECONDS: TIMEOUT_SECONDS,
    };
    const server = await startServer(4628, env);
    const admin = await signedInAdmin(server.baseUrl, cluster?.url(DATABASE) ?? '');
    const heavy = await heavyPhoto();
    const urls = await uploadAll(
      admin,
      Array.from({ length: 20 }, () => heavy),
      server,
    );
    await server.kill();
    expect((await receivedFiles(dataDir)).length, 'photos left unprocessed by the kill').toBeGreaterThan(0);

    const again = await startServer(4628, env);
    try {
      await expectAllServed(admin, urls);
      await expectOnlyUnreferencedLeftovers(dataDir, 2, DATABASE);
    } catch (err) {
      const media = await cluster?.query('select status, count(*) from media group by 1', [], DATABASE);
      const jobs = await cluster?.query('select state, count(*) from pgboss.job group by 1', [], DATABASE);
      throw new Error(`${(err as Error).message}\n${JSON.stringify({ media, jobs })}\n${again.output()}`);
    }
  });
});

describe('image jobs on the embedded database', () => {
  it('processes after a restart what a server killed right after acknowledging had left pending', async () => {
    const dataDir = await newDataDir();
    const env = {
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web'),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      RATE_LIMITS: 'off',
    };
    const server = await startServer(4624, env);
    const admin = await signedInAdmin(server.baseUrl, dataDir);
    const heavy = await heavyPhoto();
    const urls = await uploadAll(
      admin,
      Array.from({ length: 20 }, () => heavy),
      server,
    );
    await server.kill();
    expect((await receivedFiles(dataDir)).length, 'photos left unprocessed by the kill').toBeGreaterThan(0);

    await startServer(4624, env);
    await expectAllServed(admin, urls);
    await expectOnlyUnreferencedLeftovers(dataDir, 2);
  });
});

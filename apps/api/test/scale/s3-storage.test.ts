import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountOf,
  answerPhoto,
  eventually,
  expectStatus,
  importQualified,
  newStudent,
  openJuniorExam,
  photoForm,
  registrationFormOf,
  registrationIdOf,
} from '../faults/support.ts';
import type { FollowedChild } from '../helpers/child-process.ts';
import { answeredBy, type Nginx, startNginx } from '../helpers/nginx.ts';
import { passSecondFactorOverHttp } from '../helpers/second-factor.ts';
import { httpClient, type ServerProcess, startServerProcess } from '../helpers/server-process.ts';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../helpers/throwaway-postgres.ts';
import { startThrowawayRedis, type ThrowawayRedis } from '../helpers/throwaway-redis.ts';
import { startThrowawayS3, type ThrowawayS3 } from '../helpers/throwaway-s3.ts';
import { invitedGrader, verifyThroughOutbox } from '../helpers/verify-through-outbox.ts';
import { startWorkerProcess } from '../helpers/worker-process.ts';

/**
 * Scale-out with the files in S3 (docs/operations.md, "Files on S3"): nginx in front of two server processes,
 * each with a DATA_DIR of its own (as on two machines), sharing PostgreSQL, Redis and one bucket of a real
 * S3 server (Swift); neither processes images (IMAGE_WORKERS=0): a third process, `npm run worker`, with an
 * empty DATA_DIR of its own, does. A photo uploaded through one process is shown to a grader through the other.
 * Ports: nginx 4670, servers 4671 and 4672, Redis 4673, PostgreSQL 4674; Swift on free ports.
 */
const PORTS = { nginx: 4670, one: 4671, two: 4672, redis: 4673, postgres: 4674 };
const PROCESSES = [PORTS.one, PORTS.two];
const DATABASE = 'ngso_scale_s3';
const ADMIN = { email: 'admin@scale-s3.test', password: 'Admin-scale-s3-pass-1' };
const GRADER = { email: 'grader@scale-s3.test', password: 'Grader-scale-s3-pass-1' };
/** The exam ends this long after it is opened; graders see its answers once it (and the grace) has ended. */
const EXAM_LEFT_MS = 30_000;

let cluster: ThrowawayPostgres | undefined;
let redis: ThrowawayRedis | undefined;
let s3: ThrowawayS3 | undefined;
let nginx: Nginx | undefined;
let worker: FollowedChild | undefined;
const dataDirs = new Map<string, string>();
const servers: ServerProcess[] = [];

const newDataDir = async (name: string) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), `ngso-scale-s3-${name}-`));
  dataDirs.set(name, dir);
  return dir;
};
const filesIn = async (dir: string) =>
  (await readdir(dir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile());

beforeAll(async () => {
  [cluster, redis, s3] = await Promise.all([
    startThrowawayPostgres(PORTS.postgres),
    startThrowawayRedis(PORTS.redis),
    startThrowawayS3(),
  ]);
  await cluster.query(`create database ${DATABASE}`);
  const shared = {
    ...s3.envFor(await s3.newBucket('ngso-scale')),
    DATABASE_URL: cluster.url(DATABASE),
    REDIS_URL: redis.url,
    BASE_URL: `http://127.0.0.1:${PORTS.nginx}`,
    TRUST_PROXY: '127.0.0.1',
    EXAM_GRACE_SECONDS: '1',
  };
  const started = await Promise.all(
    PROCESSES.map(async (port) =>
      startServerProcess({
        port,
        env: {
          ...shared,
          DATA_DIR: await newDataDir(`server-${port}`),
          ADMIN_EMAIL: ADMIN.email,
          ADMIN_PASSWORD: ADMIN.password,
          IMAGE_WORKERS: '0',
        },
      }),
    ),
  );
  servers.push(...started);
  worker = await startWorkerProcess({ ...shared, DATA_DIR: await newDataDir('worker'), IMAGE_WORKERS: '1' });
  nginx = await startNginx({ port: PORTS.nginx, upstreams: PROCESSES });
});

afterAll(async () => {
  for (const server of servers) await server.stop().catch(() => {});
  await worker?.stop(10_000).catch(() => {});
  await nginx?.stop().catch(() => {});
  await redis?.stop().catch(() => {});
  await s3?.remove().catch(() => {});
  await cluster?.destroy().catch(() => {});
  for (const dir of dataDirs.values()) await rm(dir, { recursive: true, force: true });
});

const query = <Row extends Record<string, unknown>>(text: string, values: unknown[] = []) => {
  if (!cluster) throw new Error('no cluster');
  return cluster.query<Row>(text, values, DATABASE);
};
const viaNginx = () => httpClient(nginx?.url ?? '');
const cookieHeader = (client: ReturnType<typeof viaNginx>) =>
  [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

describe('two server processes and a worker with the files in S3', () => {
  it('show a grader, through the other process, the answer photo uploaded through one, processed by the worker', {
    timeout: 120_000,
  }, async () => {
    const admin = viaNginx();
    expectStatus(await admin.post('/api/v1/login', ADMIN), 200);
    await passSecondFactorOverHttp(admin, 'scale-s3', ADMIN.email);
    // A grader joins by invitation and sets up the second factor the console needs.
    const grader = viaNginx();
    await invitedGrader(query, admin, grader, { ...GRADER, name: 'Scale Grader' });
    await passSecondFactorOverHttp(grader, 'scale-s3', GRADER.email);

    const student = newStudent('s3');
    await importQualified(admin, [student]);
    await openJuniorExam(admin, EXAM_LEFT_MS);
    const examEnds = Date.now() + EXAM_LEFT_MS;
    const browser = viaNginx();
    expectStatus(await browser.post('/api/v1/register', accountOf(student)), 201);
    await verifyThroughOutbox(query, browser, student.email);
    expectStatus(await browser.post('/api/v1/ngso-1/registration', registrationFormOf(student)), 201);
    const id = await registrationIdOf(admin, student.email);
    expectStatus(await admin.post(`/api/v1/admin/registrations/${id}/approve`, {}), 200);
    const [question] = (await browser.get('/api/v1/ngso-1/questions?category=junior')).body.data as Array<{
      id: string;
    }>;

    const upload = await browser.post('/api/v1/upload', photoForm(await answerPhoto(140)));
    expectStatus(upload, 200);
    const storedBy = answeredBy(upload.headers);
    const url = upload.body.url as string;
    expectStatus(
      await browser.post('/api/v1/ngso-1/answers', {
        question_id: question?.id,
        image_urls: [url],
        version: 0,
      }),
      200,
    );

    // Graders see answers once the exam (and its grace) has ended for everyone.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, examEnds - Date.now() + 2_000)));
    const other = PROCESSES.find((port) => port !== storedBy);
    const shown = await eventually('the photo processed and shown by the other process', async () => {
      const response = await fetch(`${nginx?.url}${url}`, { headers: { cookie: cookieHeader(grader) } });
      return response.status === 200 && answeredBy(response.headers) === other ? response : undefined;
    });
    expect(shown.headers.get('content-type')).toBe('image/jpeg');
    expect((await sharp(Buffer.from(await shown.arrayBuffer())).metadata()).width).toBe(320);

    // No process kept a file of its own: every byte is in the bucket.
    for (const [name, dir] of dataDirs) {
      const files = await filesIn(path.join(dir, 'uploads')).catch(() => []);
      expect(files, `${name} keeps no uploaded file`).toEqual([]);
    }
    expect(worker?.output()).not.toContain('"level":50');
  });
});

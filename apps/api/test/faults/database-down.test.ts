import { createHash } from 'node:crypto';
import { messagesBn } from '@ngso/shared/messages/bn';
import { messagesEn } from '@ngso/shared/messages/en';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient, HttpResult } from '../helpers/server-process.ts';
import {
  ADMIN,
  accountOf,
  answerPhoto,
  approvedStudent,
  eventually,
  expectStatus,
  type FaultEnvironment,
  faultEnvironment,
  importQualified,
  newStudent,
  openJuniorExam,
  signIn,
} from './support.ts';

/**
 * PostgreSQL stops (`pg_ctl stop -m immediate`, a crash for its clients) for 10 s while the server runs:
 * requests get 503 with a readable message and Retry-After, /api/health says unhealthy, nothing answers
 * 500 and the process stays up; when PostgreSQL is back, the same requests succeed without a restart.
 *
 * Time is moved rather than waited for: the server's image jobs time out after 4 s instead of 60 s, so
 * its periodic work on the database (the job queue's maintenance and the sweep of pending photos, every
 * half time-out; the mail worker's poll, every second with MAIL_RETRY_SECONDS=1) runs several times into
 * each outage, and a job cut off by the outage runs again seconds after it, not a minute.
 */
const OUTAGE_MS = Number(process.env.FAULTS_OUTAGE_SECONDS ?? 10) * 1000;
const IMAGE_JOB_TIMEOUT_SECONDS = 4;

let env: FaultEnvironment;

beforeAll(async () => {
  env = await faultEnvironment(
    { postgres: 4641, http: 4621, smtp: 4626 },
    { IMAGE_JOB_TIMEOUT_SECONDS: String(IMAGE_JOB_TIMEOUT_SECONDS) },
  );
  await env.startSmtp();
  await env.startServer();
});
afterAll(async () => {
  await env?.teardown();
});

/** A request's status, or -1 when the connection failed (the server crashed or reset it). */
const statusOf = (request: Promise<HttpResult>) =>
  request.then(
    (response) => response,
    (err: Error) => ({ status: -1, text: String(err.cause ?? err), headers: new Headers(), body: {} }),
  );

function expectUnavailable(response: HttpResult, language: 'en' | 'bn' = 'en') {
  expect(response.status, response.text).toBe(503);
  expect(response.headers.get('retry-after')).toBe('5');
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(response.body).toEqual({
    status: 'error',
    message: (language === 'bn' ? messagesBn : messagesEn)['server.unavailable'],
  });
}

describe(`the database unavailable for ${OUTAGE_MS / 1000} s`, () => {
  it('answers 503 meanwhile, never 500, stays up, and serves again when the database returns', async () => {
    const server = env.server;
    if (!server) throw new Error('no server');
    const student = newStudent();
    const browser: HttpClient = env.client();
    expectStatus(await browser.post('/api/v1/register', accountOf(student)), 201);
    expectStatus(await browser.get('/api/v1/user'), 200);

    // Requests in flight when the database goes down: each gets an answer, a success or a 503.
    let stopping = false;
    const statuses: Array<{ status: number; text: string }> = [];
    const busy = async () => {
      for (let i = 0; i < 40; i++) {
        const visitor = env.client();
        const response = await statusOf(visitor.post('/api/v1/register', accountOf(newStudent('busy'))));
        statuses.push(response);
        if (stopping && response.status === 503) return;
        const me = await statusOf(browser.get('/api/v1/user'));
        statuses.push(me);
      }
    };
    const clients = Array.from({ length: 12 }, busy);
    await new Promise((resolve) => setTimeout(resolve, 400));
    const downAt = Date.now();
    stopping = true;
    await env.cluster.stop('immediate');
    await Promise.all(clients);
    expect(
      statuses
        .filter((response) => ![200, 201, 503].includes(response.status))
        .map((response) => `${response.status} ${response.text.slice(0, 200)}`)
        .slice(0, 5),
      'answers other than success or 503 (-1: the connection failed)',
    ).toEqual([]);
    expect(statuses.some((response) => response.status === 503)).toBe(true);

    // While it is down: health, a signed-in read, an account, a login, in English and in Bangla. Health
    // stands on a good answer of the database for a second (health.routes.ts): ask after that.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const bangla = env.client({ 'accept-language': 'bn-BD,bn;q=0.9' });
    let probes = 0;
    while (Date.now() - downAt < OUTAGE_MS) {
      expectUnavailable(await env.client().get('/api/health'));
      expectUnavailable(await browser.get('/api/v1/user'));
      expectUnavailable(await env.client().post('/api/v1/register', accountOf(newStudent('down'))));
      expectUnavailable(
        await env.client().post('/api/v1/login', { email: student.email, password: student.password }),
      );
      expectUnavailable(await bangla.get('/api/health'), 'bn');
      expect(server.alive(), server.output().slice(-2000)).toBe(true);
      probes += 1;
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
    expect(probes).toBeGreaterThan(1);
    // The server's own periodic work on the database met the outage too, and did not end the process.
    for (const warning of [
      'job queue: a maintenance query failed',
      'image jobs: the sweep of pending media failed',
      'mail worker run failed',
    ]) {
      expect(server.output(), 'a periodic task that did not run into the outage').toContain(warning);
    }

    // Back: the same server process serves the same requests again.
    await env.cluster.start();
    await eventually('the server to be healthy again', async () => {
      const health = await env.client().get('/api/health');
      return health.status === 200 ? true : undefined;
    });
    expect((await env.client().get('/api/health')).body).toEqual({ status: 'success' });
    expectStatus(await browser.get('/api/v1/user'), 200);
    expectStatus(await env.client().post('/api/v1/register', accountOf(newStudent('after'))), 201);
    expectStatus(
      await env.client().post('/api/v1/login', { email: student.email, password: student.password }),
      200,
    );
    expect(server.alive()).toBe(true);
    expect(env.server?.pid).toBe(server.pid);
    expect(server.output(), 'errors logged as server faults (500)').not.toContain('"msg":"request failed"');
  });

  it('loses no acknowledged photo or commitment of an exam in progress, and takes the rest after', async () => {
    const admin = await signIn(env, ADMIN.email, ADMIN.password);
    const student = newStudent('examinee');
    await importQualified(admin, [student]);
    await openJuniorExam(admin);
    const { browser } = await approvedStudent(env, admin, student);
    const questions = (await browser.get('/api/v1/ngso-1/questions?category=junior')).body.data as Array<{
      id: string;
    }>;
    const photos = await Promise.all(
      [0, 1, 2, 3].map(async (page) => {
        const bytes = await sharp(await answerPhoto(page * 60))
          .withExif({ IFD0: { ImageDescription: `page ${page}` } })
          .jpeg()
          .toBuffer();
        return { bytes, sha256: createHash('sha256').update(bytes).digest('hex'), size: bytes.length };
      }),
    );
    type Photo = (typeof photos)[number];
    const commit = (photo: Photo, question: number) =>
      statusOf(
        browser.post('/api/v1/ngso-1/answers', {
          question_id: questions[question]?.id,
          images: [{ sha256: photo.sha256, size: photo.size }],
        }),
      );
    const deliver = (photo: Photo) =>
      statusOf(
        browser.put(`/api/v1/ngso-1/answer-photos/${photo.sha256}`, photo.bytes, {
          'content-type': 'image/jpeg',
        }),
      );
    const [first, second, third, fourth] = photos as [Photo, Photo, Photo, Photo];
    for (const [i, photo] of [first, second, third].entries()) expectStatus(await commit(photo, i), 200);
    expectStatus(await deliver(first), 200);

    await env.cluster.stop('immediate');
    const downAt = Date.now();
    expectUnavailable(await deliver(second));
    expectUnavailable(await commit(fourth, 3));
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, OUTAGE_MS - (Date.now() - downAt))));
    await env.cluster.start();
    await eventually('the server to be healthy again', async () =>
      (await env.client().get('/api/health')).status === 200 ? true : undefined,
    );

    // As the page does once the server answers again: send what waited.
    expectStatus(await deliver(second), 200);
    expectStatus(await deliver(third), 200);
    expectStatus(await commit(fourth, 3), 200);
    expectStatus(await deliver(fourth), 200);
    const stored = await eventually(
      'every photo stored and processed',
      async () => {
        const list = (await browser.get('/api/v1/ngso-1/answers')).body.data as {
          data: Array<{ images: Array<{ sha256: string; status: string; url: string | null }> }>;
        };
        const images = list.data.flatMap((answer) => answer.images);
        if (images.length < 4 || images.some((image) => image.status !== 'stored')) return undefined;
        for (const image of images) {
          if ((await browser.get(image.url as string)).status !== 200) return undefined;
        }
        return images.map((image) => image.sha256).sort();
      },
      60_000,
    );
    expect(stored).toEqual(photos.map((photo) => photo.sha256).sort());
    expect(env.server?.alive()).toBe(true);
  });
});

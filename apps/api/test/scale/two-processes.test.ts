import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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
  type Student,
} from '../faults/support.ts';
import { answeredBy, type Nginx, startNginx, UPSTREAM_HEADER } from '../helpers/nginx.ts';
import { passSecondFactorOverHttp } from '../helpers/second-factor.ts';
import {
  type HttpClient,
  httpClient,
  type ServerProcess,
  startServerProcess,
} from '../helpers/server-process.ts';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../helpers/throwaway-postgres.ts';
import { startThrowawayRedis, type ThrowawayRedis } from '../helpers/throwaway-redis.ts';
import { verifyThroughOutbox } from '../helpers/verify-through-outbox.ts';

/**
 * Scale-out (docs/operations.md, "Several processes behind nginx"): Debian's nginx, with the shipped site file
 * (deploy/nginx/ngso.conf), in front of two real server processes that share one PostgreSQL (sessions and
 * everything else), one Redis (rate limits) and one DATA_DIR (uploads). Every call goes over real HTTP
 * through nginx, and nginx's answer says which process answered (the test's X-Ngso-Upstream header), so each
 * check can insist that the other process than the one that wrote is the one that reads. A third process is
 * the photo lane (upstream ngso_photos, decision 074): the photos' bytes go there, everything else to the two.
 * Ports: nginx 4660, servers 4661 and 4662, Redis 4663, PostgreSQL 4664, the photo lane 4665.
 */
const PORTS = { nginx: 4660, one: 4661, two: 4662, redis: 4663, postgres: 4664, photos: 4665 };
const PROCESSES = [PORTS.one, PORTS.two];
const DATABASE = 'ngso_scale';
const ADMIN = { email: 'admin@scale.test', password: 'Admin-scale-pass-1' };
const webBuilt = existsSync(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist/index.html'),
);

let cluster: ThrowawayPostgres | undefined;
let redis: ThrowawayRedis | undefined;
let nginx: Nginx | undefined;
let dataDir = '';
let serverEnv: Record<string, string> = {};
const servers = new Map<number, ServerProcess>();

beforeAll(async () => {
  [cluster, redis] = await Promise.all([
    startThrowawayPostgres(PORTS.postgres),
    startThrowawayRedis(PORTS.redis),
  ]);
  await cluster.query(`create database ${DATABASE}`);
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'ngso-scale-data-'));
  serverEnv = {
    DATABASE_URL: cluster.url(DATABASE),
    REDIS_URL: redis.url,
    DATA_DIR: dataDir,
    // The public address is nginx's; the processes trust nginx (on loopback) for the client's address.
    BASE_URL: `http://127.0.0.1:${PORTS.nginx}`,
    TRUST_PROXY: '127.0.0.1',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // Each request is logged with the client's address the server saw (the X-Forwarded-For check reads it).
    LOG_LEVEL: 'info',
  };
  // Started together, as systemd starts ngso@3001, ngso@3002 and ngso@3003 (the photo lane) at boot.
  const ports = [...PROCESSES, PORTS.photos];
  const started = await Promise.all(ports.map((port) => startServerProcess({ port, env: serverEnv })));
  for (const [index, server] of started.entries()) servers.set(ports[index] as number, server);
  nginx = await startNginx({ port: PORTS.nginx, upstreams: PROCESSES, photoLane: [PORTS.photos] });
});

afterAll(async () => {
  for (const server of servers.values()) await server.stop().catch(() => {});
  await nginx?.stop().catch(() => {});
  await redis?.stop().catch(() => {});
  await cluster?.destroy().catch(() => {});
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const query = <Row extends Record<string, unknown>>(text: string, values: unknown[] = []) => {
  if (!cluster) throw new Error('no database');
  return cluster.query<Row>(text, values, DATABASE);
};
/** A browser that reaches the site through nginx. */
const viaNginx = () => httpClient(nginx?.url ?? '');
/** A client straight to one process, carrying the cookies another client holds. */
const straightTo = (port: number, cookies: Map<string, string>) => {
  const client = httpClient(`http://127.0.0.1:${port}`);
  for (const [name, value] of cookies) client.cookies.set(name, value);
  return client;
};
const otherThan = (port: number) => (port === PORTS.one ? PORTS.two : PORTS.one);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Repeats a call through nginx until the process given answers it (round robin: the next call or the one after). */
async function untilAnsweredBy<T extends { headers: Headers }>(port: number, call: () => Promise<T>) {
  for (let i = 0; i < 6; i++) {
    const result = await call();
    if (answeredBy(result.headers) === port) return result;
  }
  throw new Error(`process ${port} never answered through nginx`);
}

async function signedInStudent(prefix: string) {
  const student = newStudent(prefix);
  const browser = viaNginx();
  expectStatus(await browser.post('/api/v1/register', accountOf(student)), 201);
  return { student, browser };
}

async function signedInAdmin() {
  const admin = viaNginx();
  expectStatus(await admin.post('/api/v1/login', { email: ADMIN.email, password: ADMIN.password }), 200);
  await passSecondFactorOverHttp(admin, 'two-processes', ADMIN.email);
  return admin;
}

const cookieHeader = (client: HttpClient) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

describe('two server processes behind nginx', () => {
  it('start together on one database: one admin account, one placeholder e-book', async () => {
    const [admins] = await query<{ n: number }>(`select count(*)::int as n from users where role = 'admin'`);
    expect(admins?.n).toBe(1);
    const [ebooks] = await query<{ n: number }>('select count(*)::int as n from ebooks');
    expect(ebooks?.n, 'two processes starting together seed the e-book once').toBe(1);
    for (const server of servers.values()) expect(server.alive()).toBe(true);
  });

  it('take turns: nginx sends requests to both processes in round robin', async () => {
    const answered: number[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await fetch(`${nginx?.url}/api/health`);
      expect(response.status).toBe(200);
      answered.push(answeredBy(response.headers));
    }
    expect(answered.filter((port) => port === PORTS.one)).toHaveLength(3);
    expect(answered.filter((port) => port === PORTS.two)).toHaveLength(3);
  });

  it('honour a session made on one process on the other, and end it on both at logout', async () => {
    const { student } = await signedInStudent('session');
    const browser = viaNginx();
    const login = await browser.post('/api/v1/login', { email: student.email, password: student.password });
    expectStatus(login, 200);
    const loggedInOn = answeredBy(login.headers);

    const me = await untilAnsweredBy(otherThan(loggedInOn), () => browser.get('/api/v1/user'));
    expectStatus(me, 200);
    expect((me.body.user as { email: string }).email).toBe(student.email);
    for (const port of PROCESSES) {
      const direct = await straightTo(port, browser.cookies).get('/api/v1/user');
      expect(direct.status, `process ${port} knows the session`).toBe(200);
    }

    const cookies = new Map(browser.cookies);
    const logout = await browser.post('/api/v1/logout');
    expect(logout.status).toBeLessThan(300);
    for (const port of PROCESSES) {
      const direct = await straightTo(port, cookies).get('/api/v1/user');
      expect(direct.status, `process ${port} no longer takes the cookie`).toBe(401);
    }
  });

  it("see the client's address, which nginx puts in X-Forwarded-For over any the client sent", async () => {
    // From 127.0.0.2: nginx reaches the processes from 127.0.0.1, so only X-Forwarded-For can carry .2.
    const probe = randomBytes(6).toString('hex');
    const answer = await new Promise<{ status: number; upstream: string }>((resolve, reject) => {
      http
        .get(
          {
            host: '127.0.0.1',
            port: PORTS.nginx,
            localAddress: '127.0.0.2',
            path: `/api/health?probe=${probe}`,
            headers: { 'x-forwarded-for': '203.0.113.9' },
          },
          (response) => {
            response.resume();
            response.on('end', () =>
              resolve({
                status: response.statusCode ?? 0,
                upstream: String(response.headers[UPSTREAM_HEADER] ?? ''),
              }),
            );
          },
        )
        .on('error', reject);
    });
    expect(answer.status).toBe(200);
    const server = servers.get(answeredBy(new Headers({ [UPSTREAM_HEADER]: answer.upstream })));
    const line = await eventually('the request in the log of the process that answered', async () =>
      server
        ?.output()
        .split('\n')
        .find((text) => text.includes(probe) && text.includes('request completed')),
    );
    expect(JSON.parse(line).req.remoteAddress).toBe('127.0.0.2');
  });

  it('share the login back-off: failures on both processes add up to one run for the account', async () => {
    const { student } = await signedInStudent('backoff');
    const failuresOn = new Map<number, number>();
    const fail = async () => {
      const response = await viaNginx().post('/api/v1/login', {
        email: student.email,
        password: 'Wrong-pass-1',
      });
      expectStatus(response, 401);
      const port = answeredBy(response.headers);
      failuresOn.set(port, (failuresOn.get(port) ?? 0) + 1);
    };
    // Five failures, then, from the fifth on, each failure sets a wait (1 s, 2 s, 4 s, 8 s ...,
    // docs/decisions/010-login-back-off.md). The next failures come after each wait has passed.
    for (let i = 0; i < 5; i++) await fail();
    for (const waitMs of [1_000, 2_000, 4_000]) {
      await sleep(waitMs + 200);
      await fail();
    }
    // Eight failures, spread over both: neither process saw five, so neither alone would hold the account.
    expect(failuresOn.get(PORTS.one)).toBeLessThan(5);
    expect(failuresOn.get(PORTS.two)).toBeLessThan(5);

    // The eighth set an 8 s wait, which both processes enforce, even with the right password.
    const heldOn = new Set<number>();
    for (let i = 0; i < 2; i++) {
      const held = await viaNginx().post('/api/v1/login', {
        email: student.email,
        password: student.password,
      });
      expect(held.status, held.text).toBe(429);
      expect(Number(held.headers.get('retry-after'))).toBeGreaterThan(1);
      heldOn.add(answeredBy(held.headers));
    }
    expect([...heldOn].sort()).toEqual(PROCESSES);
  });

  it('share the per-e-mail limit of password-reset requests', async () => {
    const email = `forgot-${randomBytes(4).toString('hex')}@scale.test`;
    const answeredOn = new Set<number>();
    for (let i = 0; i < 5; i++) {
      const response = await viaNginx().post('/api/v1/forgot-password', { email });
      expectStatus(response, 200);
      answeredOn.add(answeredBy(response.headers));
    }
    expect(answeredOn.size).toBe(2);
    for (let i = 0; i < 2; i++) {
      const limited = await viaNginx().post('/api/v1/forgot-password', { email });
      expect(limited.status).toBe(429);
    }
  });

  it('serve an upload stored by one process from the other (DATA_DIR shared); photos of several MB pass nginx', async () => {
    // Organisers may upload at any time (students only during their exam).
    const browser = await signedInAdmin();
    // A 6-megapixel photo of about 4 MB: over nginx's 1 MB default, under the site file's 16 MB.
    const photo = await sharp({
      create: {
        width: 3000,
        height: 2000,
        channels: 3,
        background: { r: 90, g: 120, b: 200 },
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg({ quality: 92 })
      .toBuffer();
    expect(photo.length).toBeGreaterThan(2 * 1024 * 1024);
    const upload = await browser.post('/api/v1/upload', photoForm(photo));
    expectStatus(upload, 200);
    expect(answeredBy(upload.headers), 'the photo lane takes the bytes').toBe(PORTS.photos);
    const url = upload.body.url as string;

    const fetchMedia = () => fetch(`${nginx?.url}${url}`, { headers: { cookie: cookieHeader(browser) } });
    // Acknowledged once stored: it is served once processed (409 until then).
    await eventually('the photo processed', async () =>
      (await fetchMedia()).status === 200 ? true : undefined,
    );
    // Stored by the lane's process, served by each of the others.
    const served = await untilAnsweredBy(PORTS.one, fetchMedia);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect((await sharp(bytes).metadata()).width).toBeGreaterThan(0);
    const again = await untilAnsweredBy(PORTS.two, fetchMedia);
    expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true);
    const files = await readdir(path.join(dataDir, 'uploads'), { recursive: true });
    expect(files.some((file) => file.endsWith('.jpg'))).toBe(true);

    // Over 16 MB: nginx refuses it without bothering a process.
    const tooLarge = await browser.post('/api/v1/upload', photoForm(randomBytes(17 * 1024 * 1024)));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.headers.get(UPSTREAM_HEADER) ?? '').toBe('');
  });

  it('let an e-book PDF of up to 51 MB through to a process', async () => {
    const admin = await signedInAdmin();
    const [ebook] = await query<{ id: string }>('select id from ebooks');
    const form = new FormData();
    // 20 MB that are not a PDF: past nginx's 16 MB of the other routes, so the process answers (415).
    form.append('file', new Blob([new Uint8Array(randomBytes(20 * 1024 * 1024))]), 'book.pdf');
    const response = await admin.post(`/api/v1/admin/ebooks/${ebook?.id}/pdf`, form);
    expect(response.status, response.text).not.toBe(413);
    expect(response.body.status, 'the answer is the server’s JSON, not an nginx page').toBe('error');
    expect(PROCESSES).toContain(answeredBy(response.headers));
  });

  it('read an exam answer saved through one process through the other, and refuse a stale version on both', async () => {
    const admin = await signedInAdmin();
    const student: Student = newStudent('exam');
    await importQualified(admin, [student]);
    await openJuniorExam(admin);
    const browser = viaNginx();
    expectStatus(await browser.post('/api/v1/register', accountOf(student)), 201);
    await verifyThroughOutbox(query, browser, student.email);
    expectStatus(await browser.post('/api/v1/ngso-1/registration', registrationFormOf(student)), 201);
    const id = await registrationIdOf(admin, student.email);
    expectStatus(await admin.post(`/api/v1/admin/registrations/${id}/approve`, {}), 200);
    const questions = (await browser.get('/api/v1/ngso-1/questions?category=junior')).body.data as Array<{
      id: string;
    }>;
    const questionId = questions[0]?.id ?? '';
    expect(questionId).not.toBe('');

    const upload = await browser.post('/api/v1/upload', photoForm(await answerPhoto(30)));
    expectStatus(upload, 200);
    const imageUrl = upload.body.url as string;
    const saved = await browser.post('/api/v1/ngso-1/answers', {
      question_id: questionId,
      image_urls: [imageUrl],
      version: 0,
    });
    expectStatus(saved, 200);
    const savedOn = answeredBy(saved.headers);
    const version = (saved.body.data as { version: number }).version;

    type Answers = { data: Array<{ question_id: string; image_urls: string[]; version: number }> };
    const read = await untilAnsweredBy(otherThan(savedOn), () => browser.get('/api/v1/ngso-1/answers'));
    expectStatus(read, 200);
    const answer = (read.body.data as Answers).data.find((a) => a.question_id === questionId);
    expect(answer).toMatchObject({ image_urls: [imageUrl], version });

    // A newer save (through whichever process nginx picks) moves the version on; the version read before it
    // is then stale, and both processes refuse it.
    const second = await browser.post('/api/v1/upload', photoForm(await answerPhoto(60)));
    expectStatus(second, 200);
    const next = await browser.post('/api/v1/ngso-1/answers', {
      question_id: questionId,
      image_urls: [second.body.url as string],
      version,
    });
    expectStatus(next, 200);
    expect((next.body.data as { version: number }).version).toBeGreaterThan(version);
    for (const port of PROCESSES) {
      const stale = await straightTo(port, browser.cookies).post('/api/v1/ngso-1/answers', {
        question_id: questionId,
        image_urls: [imageUrl],
        version,
      });
      expect(stale.status, `process ${port} refuses the stale version`).toBe(409);
    }
  });

  it.skipIf(!webBuilt)('serve the web app compressed through nginx, and gzip the larger JSON', async () => {
    const home = await fetch(`${nginx?.url}/`, { headers: { 'accept-encoding': 'br' } });
    expect(home.status).toBe(200);
    expect(home.headers.get('content-encoding')).toBe('br');
    const html = await home.text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(`${nginx?.url}${script}`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-encoding')).toBe('br');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const openapi = await fetch(`${nginx?.url}/api/openapi.json`, { headers: { 'accept-encoding': 'gzip' } });
    expect(openapi.status).toBe(200);
    expect(openapi.headers.get('content-encoding')).toBe('gzip');
    expect(((await openapi.json()) as { openapi: string }).openapi).toBe('3.1.0');
  });

  it("answer the start second's paper-key calls from nginx's cache: one reaches a process, the rest wait for it", async () => {
    const admin = await signedInAdmin();
    await openJuniorExam(admin);
    const ask = (url: string) => fetch(`${nginx?.url}${url}`);
    const answers = await Promise.all([
      ...Array.from({ length: 40 }, () => ask('/api/v1/ngso-1/paper-key/junior')),
      ask('/api/v1/ngso-1/paper-key/junior?again=1'),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    const keys = new Set(
      await Promise.all(
        answers.map(async (answer) => ((await answer.json()) as { data: { key: string } }).data.key),
      ),
    );
    expect(keys.size).toBe(1);
    // Only an answer that came from a process names it ($upstream_addr is empty for one from the cache).
    expect(answers.filter((answer) => answer.headers.has(UPSTREAM_HEADER))).toHaveLength(1);
  });

  it('keep serving while one process restarts (SIGTERM, as in a rolling restart), then use it again', async () => {
    const browser = await signedInAdmin();
    const stopped = servers.get(PORTS.two);
    await stopped?.stop();
    const photo = await answerPhoto(90);
    for (let i = 0; i < 4; i++) {
      const me = await browser.get('/api/v1/user');
      expectStatus(me, 200);
      expect(answeredBy(me.headers)).toBe(PORTS.one);
      // A POST too: the stopped process refuses the connection, so nginx sends the request to the other.
      const ended = await browser.post('/api/v1/sessions/end-others', {});
      expectStatus(ended, 200);
      expect(answeredBy(ended.headers)).toBe(PORTS.one);
      // The photos still go to their lane.
      const upload = await browser.post('/api/v1/upload', photoForm(photo));
      expectStatus(upload, 200);
      expect(answeredBy(upload.headers)).toBe(PORTS.photos);
    }
    servers.set(PORTS.two, await startServerProcess({ port: PORTS.two, env: serverEnv }));
    // nginx tries the process again once its fail_timeout (10 s) has passed.
    await eventually(
      'the restarted process answering through nginx',
      async () => {
        const me = await browser.get('/api/v1/user');
        expectStatus(me, 200);
        return answeredBy(me.headers) === PORTS.two ? true : undefined;
      },
      20_000,
    );
  });
  it('send the photos to their lane, to the other processes while the lane is down, and to the lane again once it is back', async () => {
    const browser = await signedInAdmin();
    const photo = await answerPhoto(150);
    // A delivery with no commitment of the caller's behind it: the server's refusal says which process read it.
    const delivery = async () => {
      const refused = await browser.put(`/api/v1/ngso-1/answer-photos/${'a'.repeat(64)}`, photo, {
        'content-type': 'image/jpeg',
      });
      expect(refused.status, refused.text).toBeGreaterThanOrEqual(400);
      expect(refused.body.status, 'the server’s JSON, not an nginx page').toBe('error');
      return refused;
    };
    for (let i = 0; i < 3; i++) {
      const upload = await browser.post('/api/v1/upload', photoForm(photo));
      expectStatus(upload, 200);
      expect(answeredBy(upload.headers)).toBe(PORTS.photos);
      const delivered = await delivery();
      expect(answeredBy(delivered.headers)).toBe(PORTS.photos);
      // The commitments, and every other call, are not the lane's.
      expect(PROCESSES).toContain(answeredBy((await browser.get('/api/v1/user')).headers));
    }

    await servers.get(PORTS.photos)?.stop();
    const tookOver = new Set<number>();
    for (let i = 0; i < 4; i++) {
      const upload = await browser.post('/api/v1/upload', photoForm(photo));
      expectStatus(upload, 200);
      tookOver.add(answeredBy(upload.headers));
      const delivered = await delivery();
      tookOver.add(answeredBy(delivered.headers));
    }
    expect([...tookOver].sort(), 'the two others take the photos (backup)').toEqual([...PROCESSES].sort());

    servers.set(PORTS.photos, await startServerProcess({ port: PORTS.photos, env: serverEnv }));
    // nginx tries the lane again once its fail_timeout (10 s) has passed.
    await eventually(
      'the photo lane answering again',
      async () => {
        const upload = await browser.post('/api/v1/upload', photoForm(photo));
        expectStatus(upload, 200);
        return answeredBy(upload.headers) === PORTS.photos ? true : undefined;
      },
      20_000,
    );
  });
});

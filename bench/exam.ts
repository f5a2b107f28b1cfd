// npm run bench:exam -- [N ...]: the exam's start second. N students, already signed in and approved, are all
// released at the start instant, as their countdown pages reach zero together (no cap on requests in flight:
// phones do not take turns; BENCH_CONCURRENCY=<n> caps it to see the difference). Runs the real server on a
// fresh PostgreSQL database (DATABASE_URL's server, default the local one) with rate limits off. Prints a
// table per N.
// BENCH_DESIGN picks what a page does:
// - `paper` (default, issue 15): the countdown page downloaded the encrypted question paper before the start
//   (GET paper, spread over the seconds before it); at zero it asks only for the key (GET paper-key, no
//   session; asked again shortly while it is 404), then at its own moment within the first 2 s (the time
//   sync's offset) commits a photo by hash (POST answers) and delivers its bytes (PUT answer-photos).
//   BENCH_START_PHOTOS=off leaves the photo out: a first attempt's page has nothing to save at the start.
// - `today`: the previous design: at zero each page asks for the exam, the questions and its answers, then
//   uploads a photo (POST upload, sent again after a 503 with the page's back-off) and saves its address.
// BENCH_PROCESSES=2 runs two server processes behind Debian's nginx with the shipped site file
// (deploy/nginx/ngso.conf, round robin) and sends the students to nginx; BENCH_NGINX=on puts nginx in front
// of a single process too (to see what nginx itself costs). BENCH_PORT (default 3900) is the port the
// students reach; behind nginx the processes take the next ports. By default each student's connection is
// open before the start, as the countdown page keeps it (it asks the server's time every 50 s);
// BENCH_WARM=off has every student connect at the start instant instead (each opening the page just then).
// BENCH_CPU_PROF=<folder> writes a CPU profile of each server process there.
// `npm run bench:exam -- end [N ...]` runs the exam's last minutes instead (bench/exam-end.ts).
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pLimit from 'p-limit';
import pg from 'pg';
import {
  ADMIN_URL,
  assertLayoutPortsFree,
  headersOf,
  LAYOUT,
  loadAverage,
  nginxSaid,
  percentile,
  type Reply,
  seedStudents,
  send as sendWith,
  startServers,
  tcpCounters,
  withDb,
} from './exam-common.ts';
import { endOfExam } from './exam-end.ts';
import { syntheticPhoto } from './photo.ts';

const sizes = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => n > 0);
const RUNS = sizes.length ? sizes : [500, 2000];
/** Students in flight at once: all of them unless capped. */
const IN_FLIGHT = Number(process.env.BENCH_CONCURRENCY ?? Number.POSITIVE_INFINITY);
const WARM = process.env.BENCH_WARM !== 'off';
const DESIGN = process.env.BENCH_DESIGN ?? 'paper';
if (DESIGN !== 'paper' && DESIGN !== 'today') throw new Error('BENCH_DESIGN is paper or today');
/** The page's spread of its first save over the window's first seconds (apps/web/src/lib/time-sync.ts). */
const FIRST_SAVE_SPREAD_MS = 2000;
/**
 * With the paper, whether every page also commits and delivers a photo in its first 2 s (`on`, the harsh
 * default) or asks only for the key (`off`: the page as it is for a first attempt, which has nothing to save
 * until the student photographs a page).
 */
const START_PHOTOS = process.env.BENCH_START_PHOTOS !== 'off';

/** One call's time; a failed one says how (its HTTP status, or the connection's error code). */
type Sample = { call: string; ms: number; ok: boolean; failure?: string };
const failureOf = (err: unknown) => String((err as { code?: string }).code ?? (err as Error).message ?? err);
/** The students' connections: keep-alive, one per request in flight, none closed for being idle. */
const agent = new http.Agent({ keepAlive: true, maxFreeSockets: Number.POSITIVE_INFINITY });
const send = (method: string, url: string, headers: Record<string, string>, body?: Buffer) =>
  sendWith(agent, method, url, headers, body);

/**
 * One sample of a JSON call, from the moment its request was on its way (not from when the load generator
 * began to build it: starting a thousand requests at once keeps this one process busy for a few hundred
 * milliseconds, which a thousand phones do not share) to its whole answer.
 */
async function timed(samples: Sample[], call: string, run: () => Promise<Reply>) {
  const started = performance.now();
  try {
    const reply = await run();
    const failure = reply.ok ? undefined : String(reply.status);
    samples.push({ call, ms: performance.now() - reply.sentAt, ok: reply.ok, failure });
    return reply.ok ? reply.body : undefined;
  } catch (err) {
    samples.push({ call, ms: performance.now() - started, ok: false, failure: failureOf(err) });
    return undefined;
  }
}

/**
 * An upload as the exam page sends it (apps/web/src/features/exam/answer-queue.ts): a 503 (the server has
 * no room for more uploads) is tried again after 1, 2, 4... s (at most 30 s), each with jitter, for up to
 * ten minutes (the page never gives up). One sample from the first try to the answer; the 503s are counted
 * apart.
 */
async function uploadWithRetry(
  samples: Sample[],
  refused: { count: number },
  run: () => Promise<Reply>,
  call = 'POST upload',
) {
  const started = performance.now();
  for (let attempt = 0; ; attempt++) {
    try {
      const reply = await run();
      if (reply.status === 503 && performance.now() - started < 600_000) {
        refused.count += 1;
        const ceiling = Math.min(30_000, 1000 * 2 ** attempt);
        await new Promise((r) => setTimeout(r, ceiling / 2 + (ceiling / 2) * Math.random()));
        continue;
      }
      const failure = reply.ok ? undefined : String(reply.status);
      samples.push({ call, ms: performance.now() - started, ok: reply.ok, failure });
      return reply.ok ? reply.body : undefined;
    } catch (err) {
      samples.push({ call, ms: performance.now() - started, ok: false, failure: failureOf(err) });
      return undefined;
    }
  }
}

/** A multipart body with one file in the field `file`, as a browser's FormData sends it. */
function multipartBody(photo: Buffer) {
  const boundary = `----ngsobench${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="answer.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
  const body = Buffer.concat([Buffer.from(head), photo, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The question a paper page answers first. */
async function firstQuestionOf(client: pg.Client) {
  const { rows } = await client.query(
    "select id from questions where category = 'junior' order by position limit 1",
  );
  if (!rows[0]) throw new Error('no junior question seeded');
  return rows[0].id as string;
}

async function runOnce(n: number, photo: Buffer) {
  await assertLayoutPortsFree();
  const dbName = `ngso_bench_${process.pid}_${n}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.query(`create database ${dbName}`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ngso-bench-'));
  const client = new pg.Client({ connectionString: withDb(ADMIN_URL, dbName) });
  const servers = await startServers(withDb(ADMIN_URL, dbName), dataDir);

  try {
    await client.connect();
    const tokens = await seedStudents(client, n);
    // The paper's downloads are spread over the 25 s before the start (the page spreads them over 15 min).
    const startAt = new Date(Date.now() + (DESIGN === 'paper' ? 30_000 : WARM ? 10_000 : 3000));
    await client.query("update exams set starts_at = $1, ends_at = $2 where category = 'junior'", [
      startAt,
      new Date(startAt.getTime() + 3_600_000),
    ]);
    if (DESIGN === 'paper') {
      // Each countdown page downloads the paper at its own moment; the connection stays open (the time
      // sync every 50 s keeps it) unless the students connect at the start.
      const before = WARM ? agent : new http.Agent({ keepAlive: false });
      const downloaded = await Promise.all(
        tokens.map(async (token) => {
          await new Promise((r) => setTimeout(r, Math.random() * 25_000));
          const reply = await sendWith(before, 'GET', '/api/v1/ngso-1/paper', {
            cookie: `ngso_session=${token}`,
            accept: 'application/json',
            'accept-encoding': 'br',
          });
          return reply.ok;
        }),
      );
      if (!WARM) before.destroy();
      const missing = downloaded.filter((ok) => !ok).length;
      if (missing) throw new Error(`${missing} papers were not downloaded before the start`);
    } else if (WARM) {
      // Before the start the countdown page has loaded the exam and keeps its connection open.
      await Promise.all(
        tokens.slice(0, IN_FLIGHT).map((token) =>
          send('GET', '/api/v1/ngso-1/exam', {
            cookie: `ngso_session=${token}`,
            accept: 'application/json',
          }),
        ),
      );
    }
    await new Promise((r) => setTimeout(r, startAt.getTime() - Date.now() + 50));

    const samples: Sample[] = [];
    const refused = { count: 0 };
    const upload = multipartBody(photo);
    const limit = pLimit(IN_FLIGHT);
    const loadAtStart = loadAverage();
    const tcpAtStart = tcpCounters();
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    const began = performance.now();
    let lastStored = 0;
    const photoHash = createHash('sha256').update(photo).digest('hex');
    const today = async (token: string) => {
      const { headers, post } = headersOf(token);
      await timed(samples, 'GET exam', () => send('GET', '/api/v1/ngso-1/exam', headers));
      const questions = await timed(samples, 'GET questions', () =>
        send('GET', '/api/v1/ngso-1/questions?category=junior', headers),
      );
      await timed(samples, 'GET answers', () => send('GET', '/api/v1/ngso-1/answers', headers));
      const stored = await uploadWithRetry(samples, refused, () =>
        send('POST', '/api/v1/upload', { ...post, 'content-type': upload.contentType }, upload.body),
      );
      const questionId = (questions?.data as Array<{ id?: string }> | undefined)?.[0]?.id;
      if (!stored?.url || !questionId) return;
      const saved = await timed(samples, 'POST answers', () =>
        send(
          'POST',
          '/api/v1/ngso-1/answers',
          { ...post, 'content-type': 'application/json' },
          Buffer.from(JSON.stringify({ question_id: questionId, image_urls: [stored.url], version: 0 })),
        ),
      );
      if (saved) lastStored = performance.now();
    };
    const withPaper = async (token: string, questionId: string) => {
      const { post } = headersOf(token);
      let key: unknown;
      for (let attempt = 0; key === undefined && attempt < 20; attempt++) {
        if (attempt > 0) await new Promise((r) => setTimeout(r, 250 + 250 * Math.random()));
        key = await timed(samples, 'GET paper-key', () =>
          send('GET', '/api/v1/ngso-1/paper-key/junior', { accept: 'application/json' }),
        );
      }
      if (key === undefined) return;
      questionsShown = performance.now();
      if (!START_PHOTOS) return;
      await new Promise((r) => setTimeout(r, Math.random() * FIRST_SAVE_SPREAD_MS));
      const saved = await timed(samples, 'POST answers', () =>
        send(
          'POST',
          '/api/v1/ngso-1/answers',
          { ...post, 'content-type': 'application/json' },
          Buffer.from(
            JSON.stringify({
              question_id: questionId,
              images: [{ sha256: photoHash, size: photo.length }],
              version: 0,
            }),
          ),
        ),
      );
      if (saved) lastStored = performance.now();
      await uploadWithRetry(
        samples,
        refused,
        () =>
          send(
            'PUT',
            `/api/v1/ngso-1/answer-photos/${photoHash}`,
            { ...post, 'content-type': 'image/jpeg' },
            photo,
          ),
        'PUT photo',
      );
    };
    let questionsShown = 0;
    const firstQuestion = DESIGN === 'paper' ? await firstQuestionOf(client) : '';
    await Promise.all(
      tokens.map((token) =>
        limit(() => (DESIGN === 'paper' ? withPaper(token, firstQuestion) : today(token))),
      ),
    );
    const seconds = (performance.now() - began) / 1000;
    loopDelay.disable();
    const tcpAtEnd = tcpCounters();
    const { rows } = await client.query('select count(*)::int as n from answers');
    const delivered = await client.query(
      'select count(*)::int as n from answer_photos where media_id is not null',
    );
    const calls =
      DESIGN === 'paper'
        ? ['GET paper-key', 'POST answers', 'PUT photo']
        : ['GET exam', 'GET questions', 'GET answers', 'POST upload', 'POST answers'];
    const json = (s: Sample) => s.call !== 'POST upload' && s.call !== 'PUT photo';
    const rowsOut = [...calls, 'all JSON'].map((call) => {
      const of = samples.filter((s) => (call === 'all JSON' ? json(s) : s.call === call));
      const times = of.map((s) => s.ms).sort((a, b) => a - b);
      return {
        N: n,
        call,
        requests: of.length,
        errors: of.filter((s) => !s.ok).length,
        p50: percentile(times, 50),
        p95: percentile(times, 95),
        p99: percentile(times, 99),
      };
    });
    const stored =
      DESIGN === 'paper' && !START_PHOTOS
        ? 'no answers saved at the start (BENCH_START_PHOTOS=off)'
        : `answers stored: ${rows[0].n} of ${n}, the last ${((lastStored - began) / 1000).toFixed(1)} s after the start`;
    const shown =
      DESIGN === 'paper'
        ? `; every page had its questions ${((questionsShown - began) / 1000).toFixed(1)} s after the start; photos delivered: ${delivered.rows[0].n}`
        : '';
    console.log(
      `\nN = ${n} (${DESIGN}): ${samples.length} requests in ${seconds.toFixed(1)} s (${(samples.length / seconds).toFixed(0)} requests/s); ${stored}${shown}; uploads refused with 503 and sent again: ${refused.count}`,
    );
    console.log(
      `load average at the start ${loadAtStart}, at the end ${loadAverage()}; listen queue overflows ${tcpAtEnd.overflows - tcpAtStart.overflows} and SYNs sent again ${tcpAtEnd.synRetransmits - tcpAtStart.synRetransmits} (machine-wide); load generator's event loop delay p99 ${(loopDelay.percentile(99) / 1e6).toFixed(0)} ms, max ${(loopDelay.max / 1e6).toFixed(0)} ms`,
    );
    console.table(rowsOut);
    const failures = new Map<string, number>();
    for (const sample of samples) {
      if (sample.failure)
        failures.set(
          `${sample.call} ${sample.failure}`,
          (failures.get(`${sample.call} ${sample.failure}`) ?? 0) + 1,
        );
    }
    if (failures.size)
      console.log(`failures: ${[...failures].map(([kind, count]) => `${kind}: ${count}`).join(', ')}`);
    const said = nginxSaid(servers.nginx);
    if (said) console.log(`nginx: ${said}`);
  } finally {
    agent.destroy();
    await servers.stop();
    await client.end().catch(() => {});
    await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const scenario = process.env.BENCH_SCENARIO ?? (process.argv[2] === 'end' ? 'end' : 'start');
if (scenario === 'end') {
  await endOfExam(sizes);
} else {
  const photo = await syntheticPhoto(1600, 1200, 80);
  console.log(
    `Exam start benchmark on ${os.cpus().length} cores (${os.cpus()[0]?.model}), ${new Date().toISOString()}; photo ${Math.round(photo.length / 1024)} KB; ${DESIGN} design; ${IN_FLIGHT === Number.POSITIVE_INFINITY ? 'every student released at once' : `${IN_FLIGHT} students in flight at once`}, connecting ${WARM ? 'before' : 'at'} the start; ${LAYOUT}; load average ${loadAverage()}`,
  );
  for (const n of RUNS) await runOnce(n, photo);
}

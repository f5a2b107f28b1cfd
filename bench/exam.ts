// npm run bench:exam -- [N ...]: the exam's start minute. N students, already signed in and approved, all
// fetch the exam, the questions and their answers at the start instant, then each uploads one photo of what a
// browser sends after compression and saves it as an answer. Runs the real server on a fresh PostgreSQL
// database (DATABASE_URL's server, default the local one) with rate limits off. Prints a table per N.
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pLimit from 'p-limit';
import pg from 'pg';
import { syntheticPhoto } from './photo.ts';

const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PORT = 3900;
const BASE = `http://127.0.0.1:${PORT}`;
const sizes = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => n > 0);
const RUNS = sizes.length ? sizes : [500, 2000];
/** Open connections at once: a phone each, up to what one load generator can hold. */
const IN_FLIGHT = Number(process.env.BENCH_CONCURRENCY ?? 1000);

const withDb = (url: string, db: string) => Object.assign(new URL(url), { pathname: `/${db}` }).toString();

async function startServer(databaseUrl: string, dataDir: string) {
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: String(PORT),
      RATE_LIMITS: 'off',
      LOG_LEVEL: 'error',
      NODE_ENV: 'production',
      BASE_URL: BASE,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return server;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not start');
}

/** N approved junior students with sessions, written straight into the database (setup is not measured). */
async function seedStudents(client: pg.Client, n: number) {
  const { rows } = await client.query("select id from competitions where code = 'ngso-1'");
  const competitionId = rows[0].id;
  const tokens: string[] = [];
  for (let start = 0; start < n; start += 500) {
    const batch = Math.min(500, n - start);
    const ids = Array.from({ length: batch }, () => crypto.randomUUID());
    const values: string[] = [];
    const params: unknown[] = [];
    ids.forEach((id, i) => {
      params.push(id, `bench${start + i}-${Date.now()}@bench.test`);
      values.push(`($${params.length - 1}, 'Bench Student', $${params.length}, 'x', '01712345678')`);
    });
    await client.query(
      `insert into users (id, name, email, password_hash, phone_number) values ${values.join(',')}`,
      params,
    );
    const sessionValues: string[] = [];
    const sessionParams: unknown[] = [];
    const registrationValues: string[] = [];
    const registrationParams: unknown[] = [];
    for (const [i, id] of ids.entries()) {
      const token = randomBytes(32).toString('base64url');
      tokens.push(token);
      sessionParams.push(createHash('sha256').update(token).digest('hex'), id);
      sessionValues.push(
        `($${sessionParams.length - 1}, $${sessionParams.length}, now() + interval '30 days')`,
      );
      registrationParams.push(competitionId, id, `BENCH${start + i}X${Date.now()}`);
      const p = registrationParams.length;
      registrationValues.push(
        `($${p - 2}, $${p - 1}, 'approved', 'junior', 7, 'Bench Student', 'School', 'Dhaka', 'Dhaka', 'Savar', 'G', '01811111111', 'M', 'own', 'bkash', '01711111111', $${p})`,
      );
    }
    await client.query(
      `insert into sessions (token_hash, user_id, expires_at) values ${sessionValues.join(',')}`,
      sessionParams,
    );
    await client.query(
      `insert into registrations (competition_id, user_id, status, category, class, name, institution, division, district, sub_district, guardian_name, guardian_phone, tshirt_size, pickup_spot, payment_method, payment_sender, transaction_id) values ${registrationValues.join(',')}`,
      registrationParams,
    );
  }
  return tokens;
}

type Sample = { call: string; ms: number; ok: boolean };

async function timed(samples: Sample[], call: string, run: () => Promise<Response>) {
  const started = performance.now();
  try {
    const response = await run();
    const body = await response.json().catch(() => ({}));
    samples.push({ call, ms: performance.now() - started, ok: response.ok });
    return response.ok ? body : undefined;
  } catch {
    samples.push({ call, ms: performance.now() - started, ok: false });
    return undefined;
  }
}

const percentile = (sorted: number[], p: number) =>
  Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);

async function runOnce(n: number, photo: Buffer) {
  const dbName = `ngso_bench_${process.pid}_${n}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.query(`create database ${dbName}`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ngso-bench-'));
  let server: ChildProcess | undefined;
  const client = new pg.Client({ connectionString: withDb(ADMIN_URL, dbName) });
  try {
    server = await startServer(withDb(ADMIN_URL, dbName), dataDir);
    await client.connect();
    const tokens = await seedStudents(client, n);
    const startAt = new Date(Date.now() + 3000);
    await client.query("update exams set starts_at = $1, ends_at = $2 where category = 'junior'", [
      startAt,
      new Date(startAt.getTime() + 3_600_000),
    ]);
    await new Promise((r) => setTimeout(r, startAt.getTime() - Date.now() + 50));

    const samples: Sample[] = [];
    const limit = pLimit(IN_FLIGHT);
    const began = performance.now();
    let lastStored = 0;
    await Promise.all(
      tokens.map((token) =>
        limit(async () => {
          const headers = { cookie: `ngso_session=${token}`, accept: 'application/json' };
          const post = { ...headers, 'x-requested-with': 'XMLHttpRequest', origin: BASE };
          await timed(samples, 'GET exam', () => fetch(`${BASE}/api/v1/ngso-1/exam`, { headers }));
          const questions = await timed(samples, 'GET questions', () =>
            fetch(`${BASE}/api/v1/ngso-1/questions?category=junior`, { headers }),
          );
          await timed(samples, 'GET answers', () => fetch(`${BASE}/api/v1/ngso-1/answers`, { headers }));
          const form = new FormData();
          form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'answer.jpg');
          const upload = await timed(samples, 'POST upload', () =>
            fetch(`${BASE}/api/v1/upload`, { method: 'POST', headers: post, body: form }),
          );
          const questionId = questions?.data?.[0]?.id;
          if (!upload?.url || !questionId) return;
          const saved = await timed(samples, 'POST answers', () =>
            fetch(`${BASE}/api/v1/ngso-1/answers`, {
              method: 'POST',
              headers: { ...post, 'content-type': 'application/json' },
              body: JSON.stringify({ question_id: questionId, image_urls: [upload.url], version: 0 }),
            }),
          );
          if (saved) lastStored = performance.now();
        }),
      ),
    );
    const seconds = (performance.now() - began) / 1000;
    const { rows } = await client.query('select count(*)::int as n from answers');
    const rowsOut = ['GET exam', 'GET questions', 'GET answers', 'POST upload', 'POST answers'].map(
      (call) => {
        const of = samples.filter((s) => s.call === call);
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
      },
    );
    console.log(
      `\nN = ${n}: ${samples.length} requests in ${seconds.toFixed(1)} s (${(samples.length / seconds).toFixed(0)} requests/s); answers stored: ${rows[0].n} of ${n}, the last ${((lastStored - began) / 1000).toFixed(1)} s after the start`,
    );
    console.table(rowsOut);
  } finally {
    server?.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1500));
    await client.end().catch(() => {});
    await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const photo = await syntheticPhoto(1600, 1200, 80);
console.log(
  `Exam start benchmark on ${os.cpus().length} cores (${os.cpus()[0]?.model}), ${new Date().toISOString()}; photo ${Math.round(photo.length / 1024)} KB; ${IN_FLIGHT} students in flight at once`,
);
for (const n of RUNS) await runOnce(n, photo);

// npm run bench:console -- [N]: the organisers' registrations table at N registrations (default 20,000).
// Seeds N registrations into a fresh PostgreSQL database (DATABASE_URL's server, default the local one), starts
// the API on it over real HTTP, signs in as an admin and times the console's calls: pages near the start and at
// the end, each filter, searches, and the CSV export of every row. Prints p50/p95 per call. Then sends an
// announcement to every student (N recipients, N outbox mails) and times it: the time to enqueue. Then the
// certificates' ZIP of one category with BENCH_FINALISTS finalists (default 2,000; half of them Bangla): time,
// size, and the process's memory and event-loop delay while it streams.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { DIVISIONS } from '@ngso/shared/geography';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openPostgres } from '../apps/api/src/db/client.ts';
import { ensureAdmin } from '../apps/api/src/modules/auth/admin-accounts.ts';
import { staffSession } from './staff-session.ts';

const N = Number(process.argv[2] ?? 20_000);
const REPEAT = 20;
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const withDb = (url: string, db: string) => Object.assign(new URL(url), { pathname: `/${db}` }).toString();
const CATEGORIES = ['junior', 'senior', 'secondary'] as const;
const STATUSES = ['pending', 'approved', 'rejected'] as const;

async function seed(client: pg.Client, n: number) {
  const { rows } = await client.query("select id from competitions where code = 'ngso-1'");
  const competitionId = rows[0].id;
  for (let start = 0; start < n; start += 1000) {
    const size = Math.min(1000, n - start);
    const users: unknown[] = [];
    const registrations: unknown[] = [];
    for (let i = 0; i < size; i++) {
      const k = start + i;
      const id = crypto.randomUUID();
      const division = DIVISIONS[k % DIVISIONS.length]?.name ?? 'Dhaka';
      users.push(id, `Student ${k} রহমান`, `student${k}@bench.test`, 'x', `017${String(k).padStart(8, '0')}`);
      registrations.push(
        competitionId,
        id,
        STATUSES[k % 3],
        CATEGORIES[k % 3],
        6 + (k % 7),
        `Student ${k} রহমান`,
        `School ${k % 500}`,
        division,
        k % 5 === 0 ? `TRX${k}` : `BENCH${k}X`,
        k % 4 === 0 ? new Date() : null,
      );
    }
    const userRows = Array.from(
      { length: size },
      (_, i) => `($${i * 5 + 1}, $${i * 5 + 2}, $${i * 5 + 3}, $${i * 5 + 4}, $${i * 5 + 5})`,
    );
    await client.query(
      `insert into users (id, name, email, password_hash, phone_number) values ${userRows.join(',')}`,
      users,
    );
    const registrationRows = Array.from({ length: size }, (_, i) => {
      const p = (j: number) => `$${i * 10 + j}`;
      return `(${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}, ${p(5)}, ${p(6)}, ${p(7)}, ${p(8)}, 'District', 'Sub-district', 'Guardian', '01811111111', 'M', 'own', 'bkash', '01711111111', ${p(9)}, ${p(10)})`;
    });
    await client.query(
      `insert into registrations (competition_id, user_id, status, category, class, name, institution, division, district, sub_district, guardian_name, guardian_phone, tshirt_size, pickup_spot, payment_method, payment_sender, transaction_id, payment_matched_at) values ${registrationRows.join(',')}`,
      registrations,
    );
  }
  await client.query('analyze');
}

const FINALISTS = Number(process.env.BENCH_FINALISTS ?? 2000);

/**
 * Makes `n` approved seniors finalists of a published category: each submitted the exam, has marks on three
 * questions (so awards spread), and every other one reads Bangla.
 */
async function seedFinalists(client: pg.Client, n: number) {
  const { rows } = await client.query("select id from competitions where code = 'ngso-1'");
  const competitionId = rows[0].id;
  const questions = await client.query(
    "select id from questions where competition_id = $1 and category = 'senior' order by position limit 3",
    [competitionId],
  );
  const finalists = await client.query(
    "select user_id from registrations where competition_id = $1 and category = 'senior' and status = 'approved' order by user_id limit $2",
    [competitionId, n],
  );
  const ids = finalists.rows.map((row: { user_id: string }) => row.user_id);
  if (ids.length < n) throw new Error(`only ${ids.length} approved seniors to make finalists of`);
  await client.query(
    'insert into exam_attempts (competition_id, user_id, submitted_at) select $1, unnest($2::uuid[]), now()',
    [competitionId, ids],
  );
  for (const [j, question] of questions.rows.entries()) {
    await client.query(
      'insert into marks (user_id, question_id, grader_marks) select u, $2, abs(hashtext(u::text || $3)) % 11 from unnest($1::uuid[]) u',
      [ids, question.id, String(j)],
    );
  }
  await client.query(
    "update users set language = 'bn' where id = any($1::uuid[]) and hashtext(id::text) % 2 = 0",
    [ids],
  );
  await client.query(
    "insert into result_publications (competition_id, category, published_at) values ($1, 'senior', now())",
    [competitionId],
  );
}

/** Downloads the senior certificates' ZIP as a browser would, sampling memory and the event loop meanwhile. */
async function certificatesZip(base: string, cookie: string) {
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const heapBefore = process.memoryUsage().heapUsed;
  let heapPeak = heapBefore;
  const sampler = setInterval(() => {
    const memory = process.memoryUsage();
    rssPeak = Math.max(rssPeak, memory.rss);
    heapPeak = Math.max(heapPeak, memory.heapUsed);
  }, 50);
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const started = performance.now();
  const response = await fetch(`${base}/api/v1/admin/certificates/senior.zip`, { headers: { cookie } });
  if (!response.ok || !response.body) throw new Error(`certificates ZIP: ${response.status}`);
  let firstByte = 0;
  let bytes = 0;
  let tail = Buffer.alloc(0);
  const reader = response.body.getReader();
  for (;;) {
    const { done, value: chunk } = await reader.read();
    if (done) break;
    if (!firstByte) firstByte = performance.now() - started;
    bytes += chunk.length;
    tail = Buffer.concat([tail, chunk]).subarray(-22);
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  loop.disable();
  // The end of central directory record (no comment): its entry count says how many PDFs arrived.
  const entries = tail.readUInt32LE(0) === 0x06054b50 ? tail.readUInt16LE(10) : -1;
  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
  console.log(`\n| certificates ZIP | value |\n|---|---|`);
  console.log(`| finalists (PDFs in the ZIP) | ${entries.toLocaleString('en')} |`);
  console.log(
    `| total time | ${seconds.toFixed(1)} s (${((seconds * 1000) / entries).toFixed(0)} ms per certificate) |`,
  );
  console.log(`| first byte | ${firstByte.toFixed(0)} ms |`);
  console.log(`| ZIP size | ${mb(bytes)} (${(bytes / entries / 1024).toFixed(0)} KB per certificate) |`);
  console.log(`| process RSS before, peak | ${mb(rssBefore)}, ${mb(rssPeak)} |`);
  console.log(`| JS heap before, peak | ${mb(heapBefore)}, ${mb(heapPeak)} |`);
  console.log(
    `| event-loop delay p99, max | ${(loop.percentile(99) / 1e6).toFixed(0)} ms, ${(loop.max / 1e6).toFixed(0)} ms |`,
  );
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/**
 * An announcement to every student (decision 032): the preview's count, then the send, which writes the notice,
 * one recipient row and one outbox mail per student and the audit entry in one transaction. Three sends,
 * each timed over HTTP (the time to enqueue); then the console's list with the counts from the outbox rows.
 */
async function announcementToEveryone(cookie: string, n: number) {
  const post = (url: string, body: unknown) =>
    fetch(`http://127.0.0.1:3910${url}`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify(body),
    });
  const segment = { kind: 'everyone' };
  const preview = await post('/api/v1/admin/announcements/preview', { segment });
  const recipients = (await preview.json()).data.recipients as number;
  if (recipients !== n) throw new Error(`the preview counted ${recipients} students, not ${n}`);
  console.log(`
| announcement to every student | time to enqueue | recipients |
|---|---|---|`);
  for (let i = 1; i <= 3; i++) {
    const started = performance.now();
    const response = await post('/api/v1/admin/announcements', {
      title_en: `Bench notice ${i}`,
      title_bn: `বেঞ্চ নোটিশ ${i}`,
      body_en: 'The bus leaves at 7:00 sharp.',
      body_bn: 'বাস ঠিক ৭টায় ছাড়বে।',
      segment,
      rate_per_minute: 600,
    });
    const body = await response.text();
    const ms = performance.now() - started;
    if (response.status !== 201) throw new Error(`send: ${response.status} ${body.slice(0, 200)}`);
    console.log(`| send ${i} | ${ms.toFixed(0)} ms | ${JSON.parse(body).data.recipients} |`);
  }
  const started = performance.now();
  const list = await fetch('http://127.0.0.1:3910/api/v1/admin/announcements', { headers: { cookie } });
  const notices = (await list.json()).data as Array<{ pending: number }>;
  console.log(
    `| console list with counts (${notices.length} notices, ${notices.reduce((sum, a) => sum + a.pending, 0)} mails pending) | ${(performance.now() - started).toFixed(0)} ms | - |`,
  );
}

async function main() {
  const dbName = `ngso_bench_console_${process.pid}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ngso-bench-console-'));
  const database = await openPostgres(withDb(ADMIN_URL, dbName));
  const client = new pg.Client({ connectionString: withDb(ADMIN_URL, dbName) });
  await client.connect();
  try {
    const seeding = Date.now();
    await seed(client, N);
    console.log(
      `seeded ${N.toLocaleString('en')} registrations in ${((Date.now() - seeding) / 1000).toFixed(1)} s`,
    );
    const config = loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'error',
      DATA_DIR: dataDir,
      BASE_URL: 'http://127.0.0.1:3910',
      ALLOW_HTTP_BASE_URL: 'true',
      RATE_LIMITS: 'off',
      WEB_DIST: path.join(dataDir, 'no-web'),
    });
    const app = await buildApp(config, { database, startMailWorker: false });
    await app.listen({ port: 3910, host: '127.0.0.1' });
    await ensureAdmin(database.db, 'bench-admin@bench.test', 'Bench-admin-pass-1', new Date());
    const cookie = await staffSession(
      'http://127.0.0.1:3910',
      'bench-admin@bench.test',
      'Bench-admin-pass-1',
    );
    const lastPage = Math.ceil(N / 50);
    const calls: Array<[string, string]> = [
      ['first page', '/api/v1/admin/registrations?page=1'],
      ['last page', `/api/v1/admin/registrations?page=${lastPage}`],
      ['status=pending', '/api/v1/admin/registrations?status=pending'],
      ['category + division', '/api/v1/admin/registrations?category=senior&division=Rajshahi'],
      ['payment=matched, pending', '/api/v1/admin/registrations?payment=matched&status=pending'],
      ['search name', '/api/v1/admin/registrations?q=Student%201234'],
      ['search Bangla name', `/api/v1/admin/registrations?q=${encodeURIComponent('রহমান')}&page=3`],
      ['search transaction ID', '/api/v1/admin/registrations?q=TRX1995'],
      ['dashboard stats', '/api/v1/admin/stats'],
      ['CSV export (every row)', '/api/v1/admin/registrations.csv'],
    ];
    console.log(`\n| call | p50 | p95 | rows |\n|---|---|---|---|`);
    for (const [name, url] of calls) {
      const times: number[] = [];
      let rows = '';
      for (let i = 0; i < (url.endsWith('.csv') ? 5 : REPEAT); i++) {
        const started = performance.now();
        const response = await fetch(`http://127.0.0.1:3910${url}`, { headers: { cookie } });
        const body = await response.text();
        times.push(performance.now() - started);
        if (!response.ok) throw new Error(`${url}: ${response.status} ${body.slice(0, 200)}`);
        rows = url.endsWith('.csv')
          ? String(body.split('\r\n').length - 2)
          : url.includes('stats')
            ? '-'
            : String(JSON.parse(body).meta.total);
      }
      times.sort((a, b) => a - b);
      console.log(
        `| ${name} | ${percentile(times, 50).toFixed(0)} ms | ${percentile(times, 95).toFixed(0)} ms | ${rows} |`,
      );
    }
    await announcementToEveryone(cookie, N);
    if (FINALISTS > 0) {
      await seedFinalists(client, FINALISTS);
      await certificatesZip('http://127.0.0.1:3910', cookie);
    }
    await app.close();
  } finally {
    await client.end();
    await database.close().catch(() => {});
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();

// npm run bench:console -- [N]: the organisers' registrations table at N registrations (default 20,000).
// Seeds N registrations into a fresh PostgreSQL database (DATABASE_URL's server, default the local one), starts
// the API on it over real HTTP, signs in as an admin and times the console's calls: pages near the start and at
// the end, each filter, searches, and the CSV export of every row. Prints p50/p95 per call. Then sends an
// announcement to every student (N recipients, N outbox mails) and times it: the time to enqueue. Then the
// certificates' ZIP of one category with BENCH_FINALISTS finalists (default 2,000; half of them Bangla): time,
// size, and the process's memory and event-loop delay while it streams. Then grading as a team: BENCH_ANSWERS
// answers (default 30,000: 3,000 students of one category x 10 questions, photos ready) and BENCH_GRADERS graders
// (default 20) at once, each taking an answer, renewing its hold and saving marks in a loop: p50/p95/p99 per call.
// BENCH_PARTS picks parts (comma list of registrations, announcement, certificates, grading; default all).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { DIVISIONS } from '@ngso/shared/geography';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openPostgres } from '../apps/api/src/db/client.ts';
import { hashPassword } from '../apps/api/src/lib/passwords.ts';
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
const ANSWERS = Number(process.env.BENCH_ANSWERS ?? 30_000);
const GRADERS = Number(process.env.BENCH_GRADERS ?? 20);
/** Each grader's rounds of take, heartbeat, save. */
const ROUNDS = Number(process.env.BENCH_GRADING_ROUNDS ?? 40);
/** A grader's pause between two calls (0: back to back, the worst case; a real grader spends seconds). */
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 0);
const pause = () => new Promise((resolve) => setTimeout(resolve, THINK_MS * (0.5 + Math.random())));
const PARTS = new Set(
  (process.env.BENCH_PARTS ?? 'registrations,announcement,certificates,grading').split(','),
);

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

/**
 * Grading as a team (decision 037) at ANSWERS answers: 10 questions of the secondary category, each student
 * answering all ten with one ready photo; the exam over. GRADERS graders sign in and, all at once, each on a
 * question of their own or shared (grader i on question i mod 10, so two graders share each question), take
 * the next answer, renew the hold and save marks from it, ROUNDS times. Prints p50/p95/p99/max per call.
 */
async function gradingAtScale(client: pg.Client, base: string) {
  const { rows } = await client.query("select id from competitions where code = 'ngso-1'");
  const competitionId = rows[0].id;
  const students = Math.ceil(ANSWERS / 10);
  const seeding = Date.now();
  const userIds = Array.from({ length: students }, () => crypto.randomUUID());
  await client.query(
    `insert into users (id, name, email, password_hash) select u, 'Grading student', 'grading-' || u || '@bench.test', 'x' from unnest($1::uuid[]) u`,
    [userIds],
  );
  await client.query(
    `insert into registrations (competition_id, user_id, status, category, class, name, institution, division, district, sub_district, guardian_name, guardian_phone, tshirt_size, pickup_spot, payment_method, payment_sender, transaction_id)
     select $1, u, 'approved', 'secondary', 11, 'Grading student', 'School', 'Dhaka', 'District', 'Sub-district', 'Guardian', '01811111111', 'M', 'own', 'bkash', '01711111111', 'GRD' || u
       from unnest($2::uuid[]) u`,
    [competitionId, userIds],
  );
  const questions = await client.query(
    `insert into questions (competition_id, category, position, marks, question_english, question_bangla)
     select $1, 'secondary', 100 + g, 10, 'Bench question ' || g, 'বেঞ্চ প্রশ্ন ' || g from generate_series(1, 10) g
     returning id`,
    [competitionId],
  );
  const questionIds = questions.rows.map((row: { id: string }) => row.id);
  await client.query(
    `create temp table bench_pairs as
       select u, q, md5(u::text || q::text) as h, gen_random_uuid() as m
         from unnest($1::uuid[]) u cross join unnest($2::uuid[]) q`,
    [userIds, questionIds],
  );
  await client.query(
    `insert into media (id, owner_id, kind, status, storage_key, content_type, size_bytes, sha256, source_sha256, source_size, width, height)
     select m, u, 'upload', 'ready', 'bench/' || m, 'image/jpeg', 1000, h, h, 1000, 100, 100 from bench_pairs`,
  );
  await client.query(
    `insert into answers (user_id, question_id, images, saved_at)
     select u, q, jsonb_build_array(jsonb_build_object('sha256', h, 'size', 1000)), now() from bench_pairs`,
  );
  await client.query(
    `insert into answer_photos (user_id, sha256, size_bytes, question_id, committed_at, media_id, delivered_at)
     select u, h, 1000, q, now(), m, now() from bench_pairs`,
  );
  await client.query(
    "update exams set starts_at = now() - interval '3 hours', ends_at = now() - interval '2 hours' where competition_id = $1 and category = 'secondary'",
    [competitionId],
  );
  const passwordHash = await hashPassword('Bench-grader-pass-1');
  const graders = Array.from({ length: GRADERS }, (_, i) => `grader${i}@bench.test`);
  await client.query(
    `insert into users (name, email, password_hash, role, email_verified_at)
     select 'Bench grader ' || e, e, $2, 'grader', now() from unnest($1::text[]) e`,
    [graders, passwordHash],
  );
  await client.query('analyze');
  const [{ count }] = (
    await client.query('select count(*)::int as count from answers where question_id = any($1::uuid[])', [
      questionIds,
    ])
  ).rows;
  console.log(
    `\nseeded ${Number(count).toLocaleString('en')} answers (${students.toLocaleString('en')} students x 10 questions) and ${GRADERS} graders in ${((Date.now() - seeding) / 1000).toFixed(1)} s`,
  );
  const cookies = await Promise.all(graders.map((email) => staffSession(base, email, 'Bench-grader-pass-1')));

  const times: Record<'take' | 'heartbeat' | 'save', number[]> = { take: [], heartbeat: [], save: [] };
  let refused = 0;
  const timed = async (
    kind: keyof typeof times,
    url: string,
    method: string,
    cookie: string,
    body: unknown,
  ) => {
    const started = performance.now();
    const response = await fetch(`${base}${url}`, {
      method,
      headers: { cookie, 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    times[kind].push(performance.now() - started);
    if (response.status === 409) refused += 1;
    else if (!response.ok) throw new Error(`${kind}: ${response.status} ${text.slice(0, 200)}`);
    return response.ok ? JSON.parse(text) : null;
  };
  const seen = new Set<string>();
  let duplicates = 0;
  const started = performance.now();
  await Promise.all(
    cookies.map(async (cookie, g) => {
      const question = questionIds[g % questionIds.length] as string;
      // Graders open the page within a second of each other, not in the same millisecond.
      if (THINK_MS) await pause();
      for (let round = 0; round < ROUNDS; round++) {
        const taken = await timed('take', '/api/v1/admin/grading/claim', 'POST', cookie, {
          question_id: question,
        });
        const answer = taken?.data.answer;
        if (!answer) break;
        const key = `${question}/${answer.user_id}`;
        if (seen.has(key)) duplicates += 1;
        seen.add(key);
        const hold = { question_id: question, user_id: answer.user_id };
        if (THINK_MS) await pause();
        await timed('heartbeat', '/api/v1/admin/grading/heartbeat', 'POST', cookie, hold);
        if (THINK_MS) await pause();
        await timed('save', `/api/v1/admin/submissions/${answer.user_id}/marks`, 'PUT', cookie, {
          question_id: question,
          marks: (round + g) % 11,
          claimed: true,
        });
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const total = times.take.length + times.heartbeat.length + times.save.length;
  console.log(`
| grading: ${GRADERS} graders at once on ${Number(count).toLocaleString('en')} answers, ${THINK_MS ? `about ${THINK_MS} ms between a grader's calls` : 'calls back to back'} | calls | p50 | p95 | p99 | max |
|---|---|---|---|---|---|`);
  for (const [kind, list] of Object.entries(times)) {
    const sorted = [...list].sort((a, b) => a - b);
    console.log(
      `| ${kind === 'take' ? 'take the next answer (claim)' : kind === 'save' ? 'save marks on the hold' : 'renew the hold (heartbeat)'} | ${sorted.length} | ${percentile(sorted, 50).toFixed(0)} ms | ${percentile(sorted, 95).toFixed(0)} ms | ${percentile(sorted, 99).toFixed(0)} ms | ${(sorted.at(-1) ?? 0).toFixed(0)} ms |`,
    );
  }
  console.log(
    `| all (${(total / seconds).toFixed(0)} calls/s, ${seen.size} answers graded in ${seconds.toFixed(1)} s) | ${total} | | | | |`,
  );
  console.log(`answers handed to two graders: ${duplicates}; saves or renewals refused (409): ${refused}`);
  if (duplicates > 0) throw new Error('an answer was handed out twice');
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
    if (PARTS.has('registrations')) await registrationCalls(cookie);
    if (PARTS.has('announcement')) await announcementToEveryone(cookie, N);
    if (PARTS.has('certificates') && FINALISTS > 0) {
      await seedFinalists(client, FINALISTS);
      await certificatesZip('http://127.0.0.1:3910', cookie);
    }
    if (PARTS.has('grading')) await gradingAtScale(client, 'http://127.0.0.1:3910');
    await app.close();
  } finally {
    await client.end();
    await database.close().catch(() => {});
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The registrations table's calls, each timed REPEAT times (5 for the CSV export). */
async function registrationCalls(cookie: string) {
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
}

await main();

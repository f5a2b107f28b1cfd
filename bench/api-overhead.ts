// npm run bench:overhead: what every call of the exam's start second pays before its own work. In one run,
// on the same cores, autocannon measures requests per second of
//   1. a bare Fastify route (the ceiling: no plugins, no logging, no database),
//   2. GET /api/health (answered from memory, the database asked at most once a second),
//   3. GET /api/v1/time (public, no session),
//   4. GET /api/v1/ngso-1/paper-key/junior after the start (no session, from memory: what 5,000 pages ask at 0),
//   5. GET /api/v1/user signed in (a session lookup, the cost of every authenticated call),
// with the real server at its production log level (info: one line per request) on a fresh PostgreSQL
// database (DATABASE_URL's server, default the local one). The goal (the exam-start issue): an
// authenticated JSON call at half of the bare route or better. BENCH_SECONDS (default 10) per route,
// BENCH_CONNECTIONS (default 100).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { ADMIN_URL, loadAverage, seedStudents, startServer, withDb } from './exam-common.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const SERVER_PORT = 3950;
const BARE_PORT = 3951;

const BARE_SERVER = `
  const app = require('fastify')();
  app.get('/', async () => ({ status: 'success' }));
  app.listen({ port: ${BARE_PORT}, host: '127.0.0.1' });
`;

async function startBare(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['-e', BARE_SERVER], {
    cwd: path.resolve('apps/api'),
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 60; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${BARE_PORT}/`)).ok) return child;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the bare Fastify did not start');
}

async function measure(name: string, url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  const errors = result.errors + result.timeouts + result.non2xx;
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    errors,
  };
}

async function main() {
  const database = `ngso_bench_overhead_${process.pid}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${database}`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ngso-bench-overhead-'));
  const children: ChildProcess[] = [];
  try {
    const databaseUrl = withDb(ADMIN_URL, database);
    children.push(await startBare());
    children.push(await startServer(databaseUrl, dataDir, SERVER_PORT, { env: { LOG_LEVEL: 'info' } }));
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const [token] = await seedStudents(db, 1);
    // The junior exam started a minute ago: the paper key is due.
    await db.query(
      "update exams set starts_at = now() - interval '1 minute', ends_at = now() + interval '1 hour' where category = 'junior'",
    );
    await db.end();
    await new Promise((resolve) => setTimeout(resolve, 3_500)); // the exam cache's 3 s

    const base = `http://127.0.0.1:${SERVER_PORT}`;
    const rows = [
      await measure('bare Fastify route', `http://127.0.0.1:${BARE_PORT}/`),
      await measure('GET /api/health', `${base}/api/health`),
      await measure('GET /api/v1/time', `${base}/api/v1/time`),
      await measure('GET /api/v1/ngso-1/paper-key/junior', `${base}/api/v1/ngso-1/paper-key/junior`),
      await measure('GET /api/v1/user (signed in)', `${base}/api/v1/user`, {
        cookie: `ngso_session=${token}`,
      }),
    ];
    const bare = rows[0]?.requestsPerSecond ?? 1;
    console.info(`\n${SECONDS} s per route, ${CONNECTIONS} connections, load average ${loadAverage()}`);
    console.table(
      rows.map((row) => ({
        route: row.name,
        'req/s': row.requestsPerSecond,
        'of bare': `${Math.round((row.requestsPerSecond / bare) * 100)} %`,
        'p99 ms': row.p99Ms,
        errors: row.errors,
      })),
    );
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();

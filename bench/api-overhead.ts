// npm run bench:overhead: what every call of the exam's start second pays before its own work. In one run,
// on the same cores, autocannon measures requests per second of
//   1. a bare Fastify route (the ceiling: no plugins, no logging, no database),
//   2. GET /api/health (answered from memory, the database asked at most once a second),
//   3. GET /api/v1/time (public, no session),
//   4. GET /api/v1/ngso-1/paper-key/junior after the start (no session, from memory: what 5,000 pages ask at 0),
//   5. GET /api/v1/user signed in (a session lookup, the cost of every authenticated call),
// and the server's CPU time per request (from /proc, steadier than requests a second on a shared machine),
// with the real server at its production log level (info: one line per request) on a fresh PostgreSQL
// database (DATABASE_URL's server, default the local one). The goal (the exam-start issue): an
// authenticated JSON call at half of the bare route or better. BENCH_ROUNDS rounds (default 3) of
// BENCH_SECONDS (default 5) per route, BENCH_CONNECTIONS (default 100), BENCH_ONLY to measure one route. The server's log lines go to a file,
// not to this terminal: a reader of the lines (a terminal, a pipe to grep) would share these cores too.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { ADMIN_URL, loadAverage, seedStudents, startServer, withDb } from './exam-common.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
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

/**
 * The CPU time a process has used so far (user and system, in microseconds), from /proc: what a request costs
 * the server whatever else shares the cores, where requests a second move with the machine's load.
 */
function cpuMicros(pid: number | undefined) {
  if (pid === undefined) return Number.NaN;
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const ticks = Number(fields[11]) + Number(fields[12]); // utime and stime (fields 14 and 15 of stat)
  return (ticks * 1_000_000) / CLOCK_TICKS_PER_SECOND;
}

/** Linux's USER_HZ: /proc counts CPU time in hundredths of a second. */
const CLOCK_TICKS_PER_SECOND = 100;

async function measure(name: string, url: string, headers: Record<string, string> = {}, pid?: number) {
  const cpuBefore = cpuMicros(pid);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  const errors = result.errors + result.timeouts + result.non2xx;
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    errors,
    cpuMicrosPerRequest: (cpuMicros(pid) - cpuBefore) / Math.max(1, result.requests.total),
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
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
    const bare = await startBare();
    children.push(bare);
    const logFile = path.join(dataDir, 'server.log');
    const log = openSync(logFile, 'a');
    const server = await startServer(databaseUrl, dataDir, SERVER_PORT, {
      env: { LOG_LEVEL: 'info' },
      output: log,
    });
    children.push(server);
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
    const allRoutes: Array<[string, string, Record<string, string>?]> = [
      ['bare Fastify route', `http://127.0.0.1:${BARE_PORT}/`],
      ['GET /api/health', `${base}/api/health`],
      ['GET /api/v1/time', `${base}/api/v1/time`],
      ['GET /api/v1/ngso-1/paper-key/junior', `${base}/api/v1/ngso-1/paper-key/junior`],
      ['GET /api/v1/user (signed in)', `${base}/api/v1/user`, { cookie: `ngso_session=${token}` }],
    ];
    // BENCH_ONLY=<part of a name> measures the bare route and that route alone (to profile one).
    const only = process.env.BENCH_ONLY;
    const routes = allRoutes.filter(([name], index) => index === 0 || !only || name.includes(only));
    // The machine's speed drifts over a minute (a shared host), so every round measures all the routes
    // back to back, each is compared with the bare route of its own round, and the median round is reported.
    const rounds: Array<Awaited<ReturnType<typeof measure>>[]> = [];
    for (let round = 0; round < ROUNDS; round++) {
      const measured = [];
      for (const [name, url, headers] of routes) {
        const pid = url.includes(`:${BARE_PORT}/`) ? bare.pid : server.pid;
        measured.push(await measure(name, url, headers, pid));
      }
      rounds.push(measured);
    }
    console.info(
      `\n${ROUNDS} rounds of ${SECONDS} s per route, ${CONNECTIONS} connections, load average ${loadAverage()}`,
    );
    console.table(
      routes.map(([name], index) => {
        const perRound = rounds.map((measured) => measured[index] as Awaited<ReturnType<typeof measure>>);
        const ofBare = rounds.map(
          (measured) => (measured[index]?.requestsPerSecond ?? 0) / (measured[0]?.requestsPerSecond ?? 1),
        );
        return {
          route: name,
          'req/s (median)': median(perRound.map((row) => row.requestsPerSecond)),
          'of bare (median round)': `${Math.round(median(ofBare) * 100)} %`,
          'of bare (each round)': ofBare.map((ratio) => `${Math.round(ratio * 100)}`).join(' '),
          'p99 ms (median)': median(perRound.map((row) => row.p99Ms)),
          'server CPU µs/req (median)': Math.round(median(perRound.map((row) => row.cpuMicrosPerRequest))),
          errors: perRound.reduce((sum, row) => sum + row.errors, 0),
        };
      }),
    );
    for (const child of children) child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const lines = readFileSync(logFile, 'utf8').split('\n');
    const requests = lines.filter((line) => line.includes('"request completed"')).length;
    console.info(
      `The server wrote ${requests} request lines to a file (as it would to its log, with no reader here).`,
    );
    const errors = lines.filter((line) => line.includes('"level":50'));
    if (errors.length > 0) console.info(`and ${errors.length} errors, the first: ${errors[0]}`);
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();

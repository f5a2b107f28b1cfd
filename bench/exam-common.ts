// What the exam benchmarks share (bench/exam.ts: the start minute; bench/exam-end.ts: the last minutes):
// the real server on a fresh PostgreSQL database, students seeded straight into it, and plain HTTP.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { type Nginx, startNginx } from '../apps/api/test/helpers/nginx.ts';

export const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** The port the students reach (nginx's when it is in front). */
export const PORT = Number(process.env.BENCH_PORT ?? 3900);
export const BASE = `http://127.0.0.1:${PORT}`;

export const withDb = (url: string, db: string) =>
  Object.assign(new URL(url), { pathname: `/${db}` }).toString();

/** BENCH_PROCESSES server processes (default 1); more than one needs nginx in front (BENCH_NGINX, on then). */
export const PROCESSES = Number(process.env.BENCH_PROCESSES ?? 1);
if (!Number.isInteger(PROCESSES) || PROCESSES < 1) throw new Error('BENCH_PROCESSES must be 1 or more');
export const NGINX = (process.env.BENCH_NGINX ?? (PROCESSES > 1 ? 'on' : 'off')) === 'on';
if (PROCESSES > 1 && !NGINX) throw new Error('BENCH_PROCESSES > 1 needs nginx in front (BENCH_NGINX=on)');
/**
 * BENCH_PHOTO_LANE processes of the photo lane (default 0: the photos go to the same processes; 1 is the shipped
 * layout with BENCH_PROCESSES=2, docs/operations.md), behind nginx, started at CPU priority BENCH_PHOTO_LANE_NICE
 * (default 0, as systemd starts ngso@3003; decision 074).
 */
export const PHOTO_LANE = Number(process.env.BENCH_PHOTO_LANE ?? 0);
if (!Number.isInteger(PHOTO_LANE) || PHOTO_LANE < 0) throw new Error('BENCH_PHOTO_LANE must be 0 or more');
if (PHOTO_LANE > 0 && !NGINX) throw new Error('BENCH_PHOTO_LANE needs nginx in front (BENCH_NGINX=on)');
const PHOTO_LANE_NICE = Number(process.env.BENCH_PHOTO_LANE_NICE ?? 0);
/**
 * An experiment: BENCH_PHOTO_RATE photos a second at most let through by nginx to the processes (0, the
 * default: no limit, as shipped), up to BENCH_PHOTO_RATE_BURST (default 20 s of them) waiting in nginx, the
 * rest turned away as the site turns away a photo no process can take (503, Retry-After 30 s). Metered so,
 * the photos' bytes never take more of the cores than that pace needs, whatever arrives; the commitments are
 * not metered.
 */
const PHOTO_RATE = Number(process.env.BENCH_PHOTO_RATE ?? 0);
if (!Number.isInteger(PHOTO_RATE) || PHOTO_RATE < 0) throw new Error('BENCH_PHOTO_RATE must be 0 or more');
if (PHOTO_RATE > 0 && !NGINX) throw new Error('BENCH_PHOTO_RATE needs nginx in front (BENCH_NGINX=on)');
const PHOTO_RATE_BURST = Number(process.env.BENCH_PHOTO_RATE_BURST ?? PHOTO_RATE * 20);
/** The processes' ports: the students' port itself, or the next ones behind nginx (the photo lane's after). */
const SERVER_PORTS = NGINX ? Array.from({ length: PROCESSES }, (_, i) => PORT + 1 + i) : [PORT];
const PHOTO_LANE_PORTS = Array.from({ length: PHOTO_LANE }, (_, i) => PORT + 1 + PROCESSES + i);
/** The layout in words, for a benchmark's heading. */
export const LAYOUT = `${PROCESSES} server process${PROCESSES > 1 ? 'es' : ''}${NGINX ? ' behind nginx (deploy/nginx/ngso.conf)' : ', no proxy'}${PHOTO_LANE > 0 ? `, the photos on ${PHOTO_LANE} process${PHOTO_LANE > 1 ? 'es' : ''} of their own (nice ${PHOTO_LANE_NICE})` : ''}${PHOTO_RATE > 0 ? `, photos let through by nginx at ${PHOTO_RATE} a second at most (${PHOTO_RATE_BURST} waiting)` : ''}`;

/** Every port the layout listens on: nginx's (when in front), the processes', the photo lane's. */
const LAYOUT_PORTS = NGINX ? [PORT, ...SERVER_PORTS, ...PHOTO_LANE_PORTS] : SERVER_PORTS;

/**
 * The connections waiting in each of the layout's listen queues now (connected, not yet taken in by the
 * process or nginx), by port, from `ss` (the kernel's socket statistics: a listening socket's Recv-Q). A
 * request sent on such a connection waits there before the process can read it. Empty where `ss` is missing.
 */
export function acceptQueues(): Map<number, number> {
  const queues = new Map<number, number>();
  try {
    for (const line of execFileSync('ss', ['-ltnH'], { encoding: 'utf8' }).split('\n')) {
      const [, waiting, , local] = line.trim().split(/\s+/);
      const port = Number(local?.slice(local.lastIndexOf(':') + 1));
      if (LAYOUT_PORTS.includes(port)) queues.set(port, Number(waiting));
    }
  } catch {}
  return queues;
}

/**
 * Throws when a port of the layout is taken: a previous run's server still holding it would answer the
 * students instead of this run's (nginx and the server fail to start, and the run measures the old one).
 * A bench calls it first, before it creates its database.
 */
export async function assertLayoutPortsFree() {
  for (const port of LAYOUT_PORTS) {
    await new Promise<void>((resolve, reject) => {
      const probe = net.createServer();
      probe.once('error', (error: NodeJS.ErrnoException) =>
        reject(
          new Error(
            `port ${port} is taken (${error.code}): stop what listens there (a previous run's server or nginx?), or set BENCH_PORT`,
          ),
        ),
      );
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
    });
  }
}

/**
 * The servers of the layout (BENCH_PROCESSES, BENCH_NGINX), started together on one database and one data
 * folder as systemd starts them, with nginx in front when it is on. `stop` ends them and waits (at most
 * 30 s) for the processes to exit, so that the data folder can be removed.
 */
export async function startServers(
  databaseUrl: string,
  dataDir: string,
  options: { imports?: string[]; env?: Record<string, string> } = {},
) {
  // With a photo lane, the image jobs are the lane's too (docs/operations.md, "The photo lane").
  const mainEnv = PHOTO_LANE > 0 ? { IMAGE_WORKERS: '0', ...options.env } : options.env;
  const servers = await Promise.all([
    ...SERVER_PORTS.map((port) =>
      startServer(databaseUrl, dataDir, port, { ...options, env: mainEnv, behindProxy: NGINX }),
    ),
    ...PHOTO_LANE_PORTS.map((port) =>
      startServer(databaseUrl, dataDir, port, { ...options, behindProxy: true, nice: PHOTO_LANE_NICE }),
    ),
  ]);
  let nginx: Nginx | undefined;
  if (NGINX) {
    nginx = await startNginx({
      port: PORT,
      upstreams: SERVER_PORTS,
      photoLane: PHOTO_LANE_PORTS,
      upstreamHeader: false,
      workerProcesses: 'auto',
      accessLog: false,
      photoRate: PHOTO_RATE > 0 ? { perSecond: PHOTO_RATE, burst: PHOTO_RATE_BURST } : undefined,
    });
  }
  return {
    nginx,
    /** The CPU time the server processes (every thread of each) and nginx's workers have used so far, in s. */
    cpuSeconds: () => ({
      processes: servers.reduce((sum, server) => sum + cpuSecondsOf(server.pid), 0),
      nginx: childrenOf(nginx?.pid).reduce((sum, pid) => sum + cpuSecondsOf(pid), 0),
    }),
    async stop() {
      const exited = servers.map(
        (server) =>
          new Promise<void>((resolve) => {
            if (server.exitCode !== null) resolve();
            else server.once('exit', () => resolve());
          }),
      );
      for (const server of servers) server.kill('SIGTERM');
      await nginx?.stop();
      await Promise.race([Promise.all(exited), new Promise((r) => setTimeout(r, 30_000))]);
      for (const server of servers) if (server.exitCode === null) server.kill('SIGKILL');
    },
  };
}

/** A process's CPU time so far (user and system, all its threads), in seconds; 0 once it is gone. */
export function cpuSecondsOf(pid: number | undefined) {
  try {
    // Fields after the command's name (which may hold spaces): utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}
/** A process's children (nginx's workers under its master), by /proc; none once it is gone. */
function childrenOf(pid: number | undefined): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}
/** Linux's USER_HZ, the unit of /proc's CPU times (100 on every architecture Debian ships). */
const CLOCK_TICKS_PER_SECOND = 100;

/**
 * What nginx said during a run: its error log's kinds of message, counted, each with its first line as an
 * example ('' without nginx or errors).
 */
export function nginxSaid(nginx: Nginx | undefined) {
  const said = new Map<string, { count: number; example: string }>();
  for (const line of nginx?.errorLog().split('\n') ?? []) {
    const kind = /\[(?:error|warn|crit|alert)\] \d+#\d+: (?:\*\d+ )?([^,(]+)/
      .exec(line)?.[1]
      ?.replace(/\/\S+/g, '<file>')
      .trim();
    if (!kind) continue;
    const seen = said.get(kind);
    if (seen) seen.count += 1;
    else said.set(kind, { count: 1, example: line.replace(/^\S+ \S+ /, '') });
  }
  return [...said].map(([kind, { count, example }]) => `${kind}: ${count} (first: ${example})`).join('\n  ');
}

/**
 * Starts `apps/api/src/server.ts` with rate limits off and waits for its health check. BENCH_CPU_PROF=<folder>
 * writes its CPU profile there; `imports` are modules preloaded into it (a probe); `env` is added; `output` is
 * where its standard output and error go (a file descriptor; default this process's).
 */
export async function startServer(
  databaseUrl: string,
  dataDir: string,
  port: number,
  options: {
    behindProxy?: boolean;
    imports?: string[];
    env?: Record<string, string>;
    output?: number;
    /** The process's CPU priority (nice), from its first instruction: every thread it starts has it. */
    nice?: number;
  } = {},
): Promise<ChildProcess> {
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`]
    : [];
  const imports = (options.imports ?? []).flatMap((module) => ['--import', module]);
  const command = [process.execPath, ...profile, '--import', 'tsx', ...imports, 'apps/api/src/server.ts'];
  const niced = options.nice ? ['nice', '-n', String(options.nice), ...command] : command;
  const server = spawn(niced[0] as string, niced.slice(1), {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: String(port),
      RATE_LIMITS: 'off',
      LOG_LEVEL: 'error',
      NODE_ENV: 'production',
      // The address the students use (nginx's when it is in front), as in production.
      BASE_URL: BASE,
      ALLOW_HTTP_BASE_URL: 'true',
      // Metrics served as in production, on a port the system picks (several servers, other benches).
      METRICS_PORT: '0',
      ...(options.behindProxy ? { TRUST_PROXY: '127.0.0.1' } : {}),
      ...options.env,
    },
    stdio: ['ignore', options.output ?? 'inherit', options.output ?? 'inherit'],
  });
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return server;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not start');
}

/** N approved junior students with sessions, written straight into the database (setup is not measured). */
export async function seedStudents(client: pg.Client, n: number) {
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

/** A signed-in page's headers: for reads, and for writes (the CSRF rule's two headers added). */
export function headersOf(token: string) {
  const headers = { cookie: `ngso_session=${token}`, accept: 'application/json' };
  return { headers, post: { ...headers, 'x-requested-with': 'XMLHttpRequest', origin: BASE } };
}

export type Reply = {
  status: number;
  ok: boolean;
  body: { data?: unknown; url?: string; message?: string };
  /** The Retry-After header, when the server sent one. */
  retryAfter: string | undefined;
  /** When the request had been handed to the kernel (performance.now()). */
  sentAt: number;
};

/** Raised when a request made no progress for `idleMs` (a phone's stall watchdog) or took longer than `totalMs`. */
export class Stalled extends Error {}

/** A connection, with what its last request and answer were (for the report of a request that timed out). */
type Carried = import('node:net').Socket & { carried?: string; carriedBefore?: string };

/**
 * One request with plain node:http, not fetch: on these two cores, fetch's own work per request was as
 * large as the server's, and its event loop, busy starting a thousand requests at once, added up to a
 * second to the measured times. `body` may be several buffers (sent one after another, not copied).
 */
/** Connections this thread's requests have opened so far (a request that found none free opens one). */
export const connectionsOpened = { count: 0 };

export function send(
  agent: http.Agent,
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: Buffer | Buffer[],
  limits: { idleMs?: number; totalMs?: number } = {},
) {
  const parts = body === undefined ? [] : Array.isArray(body) ? body : [body];
  const length = parts.reduce((sum, part) => sum + part.length, 0);
  return new Promise<Reply>((resolve, reject) => {
    let sentAt = performance.now();
    // Where a request that timed out was: waiting for one of the page's connections, connecting, sent and
    // waiting for the answer, or reading it; and what its connection carried before, if anything.
    let socket: Carried | undefined;
    let finished = false;
    let answering = false;
    const where = () => {
      const state = !socket
        ? 'no connection yet'
        : answering
          ? 'answer arriving'
          : socket.connecting
            ? 'connecting'
            : finished
              ? 'sent, no answer'
              : 'sending';
      return socket?.carriedBefore ? `${state} after ${socket.carriedBefore}` : state;
    };
    const request = http.request(
      `${BASE}${url}`,
      {
        method,
        agent,
        headers: body === undefined ? headers : { ...headers, 'content-length': String(length) },
      },
      (response) => {
        answering = true;
        (response.socket as Carried).carried = `${method} ${response.statusCode}`;
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          clearTimeout(total);
          const status = response.statusCode ?? 0;
          // A compressed body (asked for with accept-encoding, as a phone does) is counted, not read: the
          // generator has no use for it, and decompressing thousands would make it the bottleneck.
          let parsed: Reply['body'] = {};
          if (!response.headers['content-encoding']) {
            try {
              parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
            } catch {}
          }
          const retryAfter = response.headers['retry-after'];
          resolve({ status, ok: status >= 200 && status < 300, body: parsed, retryAfter, sentAt });
        });
      },
    );
    const total = limits.totalMs
      ? setTimeout(() => request.destroy(new Stalled(`timeout (${where()})`)), limits.totalMs)
      : undefined;
    if (limits.idleMs)
      request.setTimeout(limits.idleMs, () => request.destroy(new Stalled(`stalled (${where()})`)));
    request.on('socket', (assigned: Carried) => {
      assigned.carriedBefore = assigned.carried;
      socket = assigned;
      if (!request.reusedSocket) connectionsOpened.count += 1;
    });
    request.on('error', (error) => {
      clearTimeout(total);
      reject(error);
    });
    request.on('finish', () => {
      finished = true;
      sentAt = performance.now();
    });
    for (const part of parts.slice(0, -1)) request.write(part);
    request.end(parts.at(-1));
  });
}

/**
 * The kernel's counts (machine-wide, Linux) of connections dropped because a listen queue was full and
 * of SYNs sent again: a lost SYN costs its request one second, then three.
 */
export function tcpCounters() {
  try {
    const lines = readFileSync('/proc/net/netstat', 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('TcpExt:'));
    const [names = [], values = []] = lines.map((line) => line.trim().split(/\s+/));
    const counter = (name: string) => Number(values[names.indexOf(name)] ?? Number.NaN);
    return { overflows: counter('ListenOverflows'), synRetransmits: counter('TCPSynRetrans') };
  } catch {
    return { overflows: Number.NaN, synRetransmits: Number.NaN };
  }
}

export const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

export const percentile = (sorted: number[], p: number) =>
  Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);

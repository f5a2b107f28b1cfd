// The exam's last minutes (issue 14): `npm run bench:exam -- end [N ...]` (or BENCH_SCENARIO=end), default
// N = 2000. N approved students, signed in, the exam page open (its connection kept by the server-time call
// every 50 s), each photographs BENCH_PHOTOS pages (default 3, one per question; 6 = all six questions)
// starting at a random moment between 120 and 60 s before the end, 1 to 3 s apart. Every student is on
// their own (no cap on requests in flight: phones do not take turns) and follows the exam page's rules
// (apps/web/src/features/exam/answer-queue.ts, transport.ts): each photo is COMMITTED (POST answers with the
// question's full list of hashes and the version last read; a stale version reloads and commits again) and
// its answers are read again, then its bytes are DELIVERED (PUT answer-photos/<sha256>, two at a time per
// phone, 30 s without progress aborts it; the page shows a delivered photo from that call's answer, with no
// read after it); 429, 503 and lost connections are tried again after the
// server's Retry-After plus up to half of it again, at least the page's back-off (1, 2, 4... s, at most
// 30 s, with jitter), also after the end. At the end each page submits (after its waiting commits).
// The exam's window is set so that it ends BENCH_END_IN seconds (default 150) after the students are
// released. The bench waits for every photo to be acknowledged (at most BENCH_DELIVERY_WAIT s after the
// end, default 900) and processed (media `ready`, polled in the database; at most BENCH_PROCESS_WAIT s,
// default 1800). Photos are 150-300 KB synthetic JPEGs, each with a comment segment of its own (photos are
// named by hash). The server runs with its defaults (IMAGE_WORKERS, EXAM_GRACE_SECONDS... from the
// environment); its event-loop delay and the connections it takes in (nginx's new ones, behind nginx) are
// counted once a second by a preloaded probe (bench/event-loop-probe.ts). BENCH_CPU_PROF=<folder> writes the
// server's CPU profile there. BENCH_PROCESSES=2 runs two server processes behind nginx, as bench/exam.ts does
// (exam-common.ts, startServers). DATABASE_URL names the PostgreSQL server
// (default 127.0.0.1:5432 over TCP; on one machine production connects over its Unix socket, docs/operations.md:
// DATABASE_URL='postgres://postgres@localhost/postgres?host=/var/run/postgresql'). Prints a summary and a table per N.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import pLimit from 'p-limit';
import pg from 'pg';
import { DEFAULT_BACKOFF } from '../apps/web/src/features/exam/answer-queue.ts';
import { TIME_UP_SUBMIT_SPREAD_MS } from '../apps/web/src/features/exam/finish-exam.ts';
import { parseRetryAfter, retryDelay } from '../apps/web/src/lib/retry.ts';
import {
  ADMIN_URL,
  assertLayoutPortsFree,
  headersOf,
  LAYOUT,
  loadAverage,
  nginxSaid,
  percentile,
  type Reply,
  Stalled,
  seedStudents,
  send,
  startServers,
  tcpCounters,
  withDb,
} from './exam-common.ts';
import { phonePhotos, photoVariant } from './photo.ts';

const seconds = (name: string, fallback: number) => Number(process.env[name] ?? fallback) * 1000;
const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 3);
const END_IN = seconds('BENCH_END_IN', 150);
const BURST_FROM = seconds('BENCH_BURST_FROM', 120);
const BURST_SPREAD = seconds('BENCH_BURST_SPREAD', 60);
const DELIVERY_WAIT = seconds('BENCH_DELIVERY_WAIT', 900);
const PROCESS_WAIT = seconds('BENCH_PROCESS_WAIT', 1800);

/** The exam page's numbers (answer-queue.ts, transport.ts, lib/time-sync.ts) and a browser's. */
const PAGE = {
  deliveriesAtOnce: 2,
  stallMs: 30_000,
  callTimeoutMs: 20_000,
  resyncMs: 50_000,
  connectionsPerHost: 6,
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

/** The page's pause before trying again: its back-off, or the server's Retry-After plus up to half of it (5 s at most). */
const pause = (attempt: number, retryAfter: string | undefined) =>
  retryDelay(attempt, DEFAULT_BACKOFF, Math.random, parseRetryAfter(retryAfter));

/** Entries by the span of `spanSeconds` (seconds from the end) in which they happened, earliest first. */
function bySpanFromEnd<T extends { at: number }>(
  entries: T[],
  spanSeconds: number,
  sinceEnd: (at: number) => number,
) {
  const spans = new Map<number, T[]>();
  for (const entry of entries) {
    const span = Math.floor(sinceEnd(entry.at) / spanSeconds) * spanSeconds;
    const inSpan = spans.get(span);
    if (inSpan) inSpan.push(entry);
    else spans.set(span, [entry]);
  }
  return [...spans].sort(([a], [b]) => a - b);
}

type Photo = {
  question: string;
  base: Buffer;
  tag: string;
  sha256: string;
  size: number;
  takenAt: number;
  committedAt?: number;
  acknowledgedAt?: number;
  /** How many times its delivery was turned away with 503. */
  turnedAway: number;
  /** Why it will not count: a commitment refused, or bytes never acknowledged. */
  lost?: string;
  lostAt?: number;
};

function lose(photo: Photo, reason: string) {
  photo.lost = reason;
  photo.lostAt = performance.now();
}
type CommittedImage = { sha256: string; size: number };
type ServerAnswer = { question_id: string; images: CommittedImage[]; version: number };
type Sample = { call: string; ms: number; ok: boolean; at: number };

/** What every student adds to. */
class Tally {
  samples: Sample[] = [];
  /** The Retry-After (s) of each photo turned away with 503, and when it was refused. */
  retryAfters: { at: number; seconds: number }[] = [];
  statuses = new Map<string, number>();
  count(what: string) {
    this.statuses.set(what, (this.statuses.get(what) ?? 0) + 1);
  }
  of(what: string) {
    return this.statuses.get(what) ?? 0;
  }
  /** All the counts of one kind, whatever the detail after it (where a stalled request was, say). */
  ofKind(what: string) {
    let sum = 0;
    for (const [key, count] of this.statuses) if (key === what || key.startsWith(`${what} (`)) sum += count;
    return sum;
  }
}

const failureOf = (error: unknown) =>
  error instanceof Stalled
    ? error.message
    : ((error as NodeJS.ErrnoException).code ?? (error as Error).message ?? 'error');

/** One student's exam page in its last minutes. */
class Student {
  readonly agent = new http.Agent({
    keepAlive: true,
    maxSockets: PAGE.connectionsPerHost,
    maxFreeSockets: PAGE.connectionsPerHost,
  });
  readonly photos: Photo[] = [];
  private readonly answers = new Map<string, ServerAnswer>();
  private readonly commits = new Map<string, Promise<void>>();
  private readonly deliveries = pLimit(PAGE.deliveriesAtOnce);
  private reading: Promise<boolean> | undefined;
  private readAgain = false;
  private readonly json: Record<string, string>;
  private readonly put: Record<string, string>;

  constructor(
    token: string,
    private readonly tally: Tally,
    private readonly stopAt: () => number,
  ) {
    this.json = { ...headersOf(token).post, 'content-type': 'application/json' };
    this.put = { ...this.json, 'content-type': 'image/jpeg' };
  }

  /** A JSON call as transport.ts makes it (20 s at most), timed from the moment it was sent. */
  async call(name: string, method: string, url: string, body?: unknown): Promise<Reply | undefined> {
    const started = performance.now();
    try {
      const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
      const reply = await send(this.agent, method, url, this.json, payload, {
        totalMs: PAGE.callTimeoutMs,
      });
      this.tally.samples.push({
        call: name,
        ms: performance.now() - reply.sentAt,
        ok: reply.ok,
        at: started,
      });
      if (!reply.ok) this.tally.count(`${name} ${reply.status}`);
      return reply;
    } catch (error) {
      this.tally.samples.push({ call: name, ms: performance.now() - started, ok: false, at: started });
      this.tally.count(`${name} ${failureOf(error)}`);
      return undefined;
    }
  }

  /** The page's clock sync: GET /api/v1/time now and every 50 s, which keeps a connection open. */
  async keepClock(until: () => boolean) {
    let next = performance.now() + Math.random() * PAGE.resyncMs;
    await this.call('GET time', 'GET', '/api/v1/time');
    while (!until()) {
      if (performance.now() >= next) {
        await this.call('GET time', 'GET', '/api/v1/time');
        next += PAGE.resyncMs;
      }
      await sleep(5000);
    }
  }

  /** Reads the answers again (the page does after each commit and each delivery); one read at a time. */
  reload(): Promise<boolean> {
    if (this.reading) {
      this.readAgain = true;
      return this.reading;
    }
    this.reading = (async () => {
      let ok = false;
      do {
        this.readAgain = false;
        const reply = await this.call('GET answers', 'GET', '/api/v1/ngso-1/answers');
        const list = (reply?.ok ? (reply.body.data as { data?: ServerAnswer[] })?.data : undefined) ?? [];
        ok = Boolean(reply?.ok);
        if (ok) for (const answer of list) this.answers.set(answer.question_id, answer);
      } while (this.readAgain);
      this.reading = undefined;
      return ok;
    })();
    return this.reading;
  }

  /** A photo taken: committed at once (after the question's earlier commits), then delivered. */
  take(photo: Photo) {
    this.photos.push(photo);
    const before = this.commits.get(photo.question) ?? Promise.resolve();
    const commit = before.then(() => this.commit(photo));
    this.commits.set(photo.question, commit);
    void commit.then(() => {
      if (photo.committedAt !== undefined) return this.deliver(photo);
    });
  }

  /** Every commit started so far, settled (the automatic submission waits for them). */
  committed() {
    return Promise.allSettled([...this.commits.values()]);
  }

  /** The question's full list (the server's, plus this photo) with the version last read. */
  private async commit(photo: Photo) {
    for (let attempt = 0; ; ) {
      const current = this.answers.get(photo.question);
      const images = (current?.images ?? []).map(({ sha256, size }) => ({ sha256, size }));
      if (!images.some((image) => image.sha256 === photo.sha256))
        images.push({ sha256: photo.sha256, size: photo.size });
      const version = current?.version ?? 0;
      const reply = await this.call('POST answers', 'POST', '/api/v1/ngso-1/answers', {
        question_id: photo.question,
        images,
        version,
      });
      if (reply?.ok) {
        this.answers.set(photo.question, reply.body.data as ServerAnswer);
        photo.committedAt = performance.now();
        void this.reload();
        return;
      }
      if (reply?.status === 409) {
        const read = await this.reload();
        const fresh = this.answers.get(photo.question)?.version ?? 0;
        // A commit whose answer was lost (a timeout) may have been stored: the server's list says so (the
        // page's late announcement finds the same and keeps the photo in time).
        if (this.answers.get(photo.question)?.images.some((image) => image.sha256 === photo.sha256)) {
          photo.committedAt = performance.now();
          return;
        }
        // Stale when a fresh read shows another version; otherwise the exam no longer takes commitments.
        if (read && fresh !== version) {
          if (attempt++ >= 3) await sleep(pause(attempt, undefined));
          continue;
        }
        if (read) {
          lose(photo, `commitment refused (409: ${reply.body.message ?? ''})`);
          return;
        }
      } else if (reply && reply.status < 500 && reply.status !== 429 && reply.status !== 401) {
        lose(photo, `commitment refused (${reply.status}: ${reply.body.message ?? ''})`);
        return;
      }
      if (performance.now() > this.stopAt()) {
        lose(photo, 'commitment never accepted before the bench stopped');
        return;
      }
      await sleep(pause(attempt++, reply?.retryAfter));
    }
  }

  private async deliver(photo: Photo) {
    const url = `/api/v1/ngso-1/answer-photos/${photo.sha256}`;
    const body = photoVariant(photo.base, photo.tag);
    for (let attempt = 0; ; attempt++) {
      const started = performance.now();
      let reply: Reply | undefined;
      try {
        // The page's watchdog: no progress for 30 s (bytes neither sent nor received) aborts the request.
        reply = await this.deliveries(() =>
          send(this.agent, 'PUT', url, this.put, body, { idleMs: PAGE.stallMs }),
        );
        this.tally.samples.push({
          call: 'PUT photo',
          ms: performance.now() - started,
          ok: reply.ok,
          at: started,
        });
      } catch (error) {
        this.tally.samples.push({
          call: 'PUT photo',
          ms: performance.now() - started,
          ok: false,
          at: started,
        });
        this.tally.count(`PUT photo ${failureOf(error)}`);
      }
      if (reply?.ok) {
        // The page shows the photo from this answer; it reads the answers again only after a commit.
        photo.acknowledgedAt = performance.now();
        return;
      }
      if (reply) this.tally.count(`PUT photo ${reply.status}`);
      const retryAfterMs = reply?.status === 503 ? parseRetryAfter(reply.retryAfter) : undefined;
      if (retryAfterMs !== undefined) {
        this.tally.retryAfters.push({ at: started, seconds: retryAfterMs / 1000 });
        photo.turnedAway += 1;
      }
      if (reply?.status === 404) {
        // The server knows no commitment for it: the page commits it again.
        await this.commit(photo);
        if (photo.lost) return;
      } else if (reply?.status === 409) {
        lose(photo, `delivery refused (409: ${reply.body.message ?? ''})`);
        return;
      } else if (reply && reply.status < 500 && ![401, 422, 429].includes(reply.status)) {
        lose(photo, `delivery refused (${reply.status}: ${reply.body.message ?? ''})`);
        return;
      }
      if (performance.now() > this.stopAt()) {
        lose(photo, 'bytes not acknowledged when the bench stopped');
        return;
      }
      await sleep(pause(attempt, reply?.retryAfter));
    }
  }

  /** The automatic submission at 0: the waiting commits first, then POST submit (tried again like a commit). */
  async submit() {
    await this.committed();
    for (let attempt = 0; attempt < 10; attempt++) {
      const reply = await this.call('POST submit', 'POST', '/api/v1/ngso-1/exam/submit', {});
      if (reply?.ok || (reply && reply.status < 500 && reply.status !== 429 && reply.status !== 401)) return;
      await sleep(pause(attempt, reply?.retryAfter));
    }
  }

  done() {
    return this.photos.length === PHOTOS && this.photos.every((p) => p.acknowledgedAt || p.lost);
  }
}

const sha256Of = (parts: Buffer[]) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest('hex');
};

/** Counts of what the server recorded: commitments, delivered bytes, processed images. */
async function serverState(client: pg.Client) {
  const { rows } = await client.query(
    `select count(*)::int as committed,
            count(*) filter (where p.delivered_at is not null)::int as delivered,
            count(*) filter (where m.status = 'ready')::int as ready,
            count(*) filter (where m.status = 'failed')::int as failed
       from answer_photos p left join media m on m.id = p.media_id
      where not p.late`,
  );
  return rows[0] as { committed: number; delivered: number; ready: number; failed: number };
}

/**
 * The submission mails (decision 068): how many the statement wrote, how many the mail worker sent (to the
 * data folder's files: the bench has no mail server) and when it sent the last, as a wall-clock time.
 */
async function submissionMails(client: pg.Client) {
  const { rows } = await client.query(
    `select count(*)::int as written,
            count(*) filter (where status = 'sent')::int as sent,
            max(sent_at) as "lastSentAt"
       from outbox_mails where render_as = 'examSubmitted'`,
  );
  return rows[0] as { written: number; sent: number; lastSentAt: Date | null };
}

async function runOnce(n: number, bases: Buffer[]) {
  await assertLayoutPortsFree();
  const dbName = `ngso_bench_end_${process.pid}_${n}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.query(`create database ${dbName}`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ngso-bench-'));
  const loopFile = path.join(dataDir, 'event-loop.jsonl');
  const client = new pg.Client({ connectionString: withDb(ADMIN_URL, dbName) });
  const probe = pathToFileURL(path.resolve('bench/event-loop-probe.ts')).href;
  // With more than one process, each appends its own lines to the probe's file.
  const servers = await startServers(withDb(ADMIN_URL, dbName), dataDir, {
    imports: [probe],
    env: { BENCH_LOOP_FILE: loopFile },
  });
  const students: Student[] = [];
  let stopped = false;
  try {
    await client.connect();
    const tokens = await seedStudents(client, n);
    const questions = (
      await client.query(
        "select q.id from questions q join competitions c on c.id = q.competition_id where c.code = 'ngso-1' and q.category = 'junior' order by q.position",
      )
    ).rows.map((row: { id: string }) => row.id);
    if (questions.length === 0) throw new Error('the junior exam has no questions');

    const tally = new Tally();
    let stopAt = Number.POSITIVE_INFINITY;
    for (const token of tokens) students.push(new Student(token, tally, () => stopAt));

    // The photos each student will take (hashing is the phone's work, done here before the run).
    const plans = students.map((_, s) =>
      Array.from({ length: PHOTOS }, (_, k) => {
        const base = bases[(s + k) % bases.length] as Buffer;
        const tag = `bench student ${s} page ${k + 1}`;
        const parts = photoVariant(base, tag);
        return {
          question: questions[k % questions.length] as string,
          base,
          tag,
          sha256: sha256Of(parts),
          size: parts.reduce((sum, part) => sum + part.length, 0),
        };
      }),
    );

    // The pages are open: each has synced its clock, which keeps its connection (all at once, no cap).
    // Set by the main loop (checking every student from every student's loop would cost N² a second).
    let settled = false;
    const everyoneDone = () => stopped || settled;
    const clocks = students.map((student) => student.keepClock(everyoneDone));
    await sleep(3000);

    const endWall = Date.now() + END_IN;
    await client.query(
      `update exams set starts_at = $1, ends_at = $2
         where category = 'junior' and competition_id = (select id from competitions where code = 'ngso-1')`,
      [new Date(endWall - 3_600_000), new Date(endWall)],
    );
    const released = performance.now();
    const end = released + END_IN;
    stopAt = end + DELIVERY_WAIT;
    const sinceEnd = (at: number) => (at - end) / 1000;
    const burstStart = end - BURST_FROM;

    const loadAtStart = loadAverage();
    const tcpAtStart = tcpCounters();
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    let maxLoad = 0;
    const trace: Array<{ at: number; committed: number; delivered: number; ready: number }> = [];
    let processedAt: number | undefined;
    let ticks = 0;
    const monitor = setInterval(() => {
      maxLoad = Math.max(maxLoad, os.loadavg()[0] ?? 0);
      if (++ticks % 10 !== 0) return;
      const all = students.flatMap((student) => student.photos);
      const count = (test: (p: Photo) => boolean) => all.filter(test).length;
      process.stderr.write(
        `${sinceEnd(performance.now()).toFixed(0)} s from the end: taken ${all.length}, committed ${count((p) => p.committedAt !== undefined)}, acknowledged ${count((p) => p.acknowledgedAt !== undefined)}, lost ${count((p) => Boolean(p.lost))}; load ${loadAverage()}\n`,
      );
    }, 1000);

    const burst = students.map(async (student, s) => {
      const startsAt = burstStart + Math.random() * BURST_SPREAD;
      let at = startsAt;
      for (const plan of plans[s] ?? []) {
        await sleep(at - performance.now());
        student.take({ ...plan, takenAt: performance.now(), turnedAway: 0 });
        at += 1000 + Math.random() * 2000;
      }
    });
    // The page submits a random moment of TIME_UP_SUBMIT_SPREAD_MS after 0 (finish-exam.ts).
    const submissions = students.map(async (student) => {
      await sleep(end - performance.now() + Math.random() * TIME_UP_SUBMIT_SPREAD_MS);
      await student.submit();
    });
    await Promise.all(burst);

    // Until every photo is acknowledged or lost, then until the server has processed what it stored.
    let total = 0;
    for (;;) {
      await sleep(2000);
      const state = await serverState(client);
      trace.push({ at: performance.now(), ...state });
      const finished = students.every((student) => student.done());
      settled = finished;
      if (finished && state.ready + state.failed >= state.delivered) {
        processedAt = performance.now();
        total = state.committed;
        break;
      }
      if (performance.now() > end + PROCESS_WAIT) break;
    }
    stopped = true;
    clearInterval(monitor);
    loopDelay.disable();
    await Promise.all(submissions);
    const tcpAtEnd = tcpCounters();
    const final = await serverState(client);
    const mails = await submissionMails(client);
    total = final.committed;

    // --- the report -----------------------------------------------------------------------------
    const photos = students.flatMap((student) => student.photos);
    const acknowledged = photos.filter((p) => p.acknowledgedAt !== undefined);
    const lost = photos.filter((p) => p.lost);
    const reasons = new Map<string, number>();
    for (const p of lost) {
      const reason = p.lost ?? '';
      reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
    }
    const committedLate = photos.filter((p) => p.committedAt !== undefined && p.committedAt > end).length;
    const lastAck = Math.max(...acknowledged.map((p) => p.acknowledgedAt as number));
    const firstTaken = Math.min(...photos.map((p) => p.takenAt));
    const allAcknowledged = acknowledged.length === photos.length;
    const firstReady = trace.find((t) => t.ready >= total && total > 0);
    // Acknowledgements per second: the busiest second, the busiest 10 s, and from the first photo to the last.
    const perSecond = new Map<number, number>();
    for (const p of acknowledged) {
      const second = Math.floor(((p.acknowledgedAt as number) - released) / 1000);
      perSecond.set(second, (perSecond.get(second) ?? 0) + 1);
    }
    const seconds1 = [...perSecond.keys()];
    let peak10 = 0;
    for (const from of seconds1) {
      let sum = 0;
      for (let s = from; s < from + 10; s++) sum += perSecond.get(s) ?? 0;
      peak10 = Math.max(peak10, sum / 10);
    }
    const peak1 = Math.max(0, ...perSecond.values());
    const average = acknowledged.length / ((lastAck - firstTaken) / 1000);

    // The burst: from the first possible photo until every photo is acknowledged (and the submissions are in).
    const burstEnd = Math.max(allAcknowledged ? lastAck : end + DELIVERY_WAIT, end + 60_000);
    const inBurst = tally.samples.filter((s) => s.at >= burstStart && s.at <= burstEnd);
    const calls = ['POST answers', 'GET answers', 'GET time', 'POST submit', 'PUT photo'];
    const table = [...calls, 'all JSON'].map((call) => {
      const of = inBurst.filter((s) => (call === 'all JSON' ? s.call !== 'PUT photo' : s.call === call));
      const times = of.map((s) => s.ms).sort((a, b) => a - b);
      return {
        N: n,
        call,
        requests: of.length,
        'not 2xx': of.filter((s) => !s.ok).length,
        p50: percentile(times, 50),
        p95: percentile(times, 95),
        p99: percentile(times, 99),
        max: Math.round(times.at(-1) ?? 0),
      };
    });
    const serverLoop = readFileSync(loopFile, 'utf8')
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { at: number; p99: number; max: number; connections: number });
    const wallOf = (at: number) => Date.now() - (performance.now() - at);
    const perfOf = (wall: number) => wall - wallOf(0);
    const loopInBurst = serverLoop.filter((l) => l.at >= wallOf(burstStart) && l.at <= wallOf(burstEnd));
    const loopP99s = loopInBurst.map((l) => l.p99).sort((a, b) => a - b);
    // The new connections the server took in (behind nginx, nginx's own), by the 5 s in which it took them in.
    const connectionsInBurst = loopInBurst.reduce((sum, l) => sum + l.connections, 0);
    const connectionsBySpan = bySpanFromEnd(
      loopInBurst.map((l) => ({ at: perfOf(l.at), connections: l.connections })),
      5,
      sinceEnd,
    )
      .map(([span, seconds]) => [span, seconds.reduce((sum, l) => sum + l.connections, 0)] as const)
      .filter(([, count]) => count > 0)
      .map(([span, count]) => `${span}: ${count}`);

    // When the slow JSON calls were sent, to set beside the server's and the machine's own records.
    const slowJson = bySpanFromEnd(
      inBurst.filter((s) => s.call !== 'PUT photo' && s.ms > 1000),
      5,
      sinceEnd,
    ).map(([second, calls]) => `${second}: ${calls.length}`);
    // When the photos turned away were told to come back: by the 10 s in which they were refused.
    const retryAfters = bySpanFromEnd(tally.retryAfters, 10, sinceEnd).map(([second, refused]) => {
      const sorted = refused.map((r) => r.seconds).sort((a, b) => a - b);
      return `${second}: ${sorted.length} (${percentile(sorted, 50)} / ${sorted.at(-1)} s)`;
    });

    // How often the same photo was turned away: a line that counts refusals, not photos, sends some many times.
    const timesTurnedAway = new Map<number, number>();
    for (const p of photos) timesTurnedAway.set(p.turnedAway, (timesTurnedAway.get(p.turnedAway) ?? 0) + 1);
    const turnedAwayCounts = [...timesTurnedAway]
      .filter(([times]) => times > 0)
      .sort(([a], [b]) => a - b)
      .map(([times, count]) => `${times}x: ${count}`);

    const statuses = [...tally.statuses.entries()].sort().map(([k, v]) => `${k}: ${v}`);
    console.log(
      `\nN = ${n} students x ${PHOTOS} photos, starts spread over ${BURST_SPREAD / 1000} s from ${BURST_FROM / 1000} s before the end`,
    );
    console.log(
      [
        `answers attempted (photos): ${photos.length}; commitments stored: ${total} (${committedLate} of them committed in the grace after the end); photos lost: ${lost.length}${lost.length ? ` (${[...reasons].map(([r, c]) => `${r}: ${c}`).join('; ')})` : ''}`,
        ...lost
          .slice(0, 5)
          .map(
            (p) =>
              `  lost: taken ${sinceEnd(p.takenAt).toFixed(1)} s from the end, given up ${sinceEnd(p.lostAt ?? 0).toFixed(1)} s from the end: ${p.lost}`,
          ),
        `in the database: ${n * PHOTOS - final.committed} photos never committed, ${final.committed - final.delivered} committed but not delivered when the bench stopped`,
        `submission mails: ${mails.written} written, ${mails.sent} sent${mails.lastSentAt ? `, the last ${sinceEnd(perfOf(mails.lastSentAt.getTime())).toFixed(0)} s after the end` : ''}`,
        `bytes acknowledged: ${acknowledged.length} (${acknowledged.filter((p) => (p.acknowledgedAt as number) > end).length} after the end); recorded as delivered in the database: ${final.delivered}; processed: ${final.ready} ready, ${final.failed} failed`,
        `every photo acknowledged ${allAcknowledged ? `${sinceEnd(lastAck).toFixed(1)} s after the end` : 'NOT (the bench stopped waiting)'}; every photo processed ${firstReady ? `${sinceEnd(firstReady.at).toFixed(0)} s after the end (polled every 2 s)` : processedAt ? 'yes' : 'NOT (the bench stopped waiting)'}`,
        `acknowledged uploads per second: peak ${peak1} (busiest second), ${peak10.toFixed(0)} (busiest 10 s); average ${average.toFixed(0)} (first photo taken to last acknowledged)`,
        `429: ${tally.of('PUT photo 429')}, 503: ${tally.of('PUT photo 503')}, stalled (30 s without progress): ${tally.ofKind('PUT photo stalled')}; all refusals and failures: ${statuses.join(', ') || 'none'}`,
        `server event loop delay during the burst: p99 of the per-second p99s ${percentile(loopP99s, 99)} ms, worst second's p99 ${Math.round(loopP99s.at(-1) ?? 0)} ms, max ${Math.round(Math.max(0, ...loopInBurst.map((l) => l.max)))} ms`,
        `load average at the release ${loadAtStart}, highest 1-min ${maxLoad.toFixed(2)}, at the end of the run ${loadAverage()}; listen queue overflows ${tcpAtEnd.overflows - tcpAtStart.overflows}, SYNs sent again ${tcpAtEnd.synRetransmits - tcpAtStart.synRetransmits} (machine-wide); load generator's event loop delay p99 ${(loopDelay.percentile(99) / 1e6).toFixed(0)} ms`,
      ].join('\n'),
    );
    console.table(table);
    console.log(
      `connections the server took in during the burst: ${connectionsInBurst}; by the 5 s in which it took them in (s from the end): ${connectionsBySpan.join('  ') || 'none'}`,
    );
    console.log(
      `JSON calls over 1 s, by the 5 s in which they were sent (s from the end): ${slowJson.join('  ') || 'none'}`,
    );
    console.log(
      `photos turned away (503), by the 10 s in which they were refused (s from the end): count (median / longest Retry-After): ${retryAfters.join('  ') || 'none'}`,
    );
    console.log(
      `photos turned away at least once: ${photos.filter((p) => p.turnedAway > 0).length} (by how many times: ${turnedAwayCounts.join(', ') || 'none'})`,
    );
    const said = nginxSaid(servers.nginx);
    if (said) console.log(`nginx: ${said}`);
    console.log('progress after the end (s: committed / delivered / processed):');
    console.log(
      trace
        .filter((_, i) => i % 5 === 0)
        .map((t) => `${sinceEnd(t.at).toFixed(0)}: ${t.committed}/${t.delivered}/${t.ready}`)
        .join('  '),
    );
    await Promise.all(clocks);
  } finally {
    stopped = true;
    for (const student of students) student.agent.destroy();
    await servers.stop();
    await client.end().catch(() => {});
    await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function endOfExam(sizes: number[]) {
  const bases = await phonePhotos();
  const kb = bases.map((b) => Math.round(b.length / 1024));
  console.log(
    `End-of-exam benchmark on ${os.cpus().length} cores (${os.cpus()[0]?.model}), ${new Date().toISOString()}; ${PHOTOS} photos per student, ${Math.min(...kb)} to ${Math.max(...kb)} KB; the end ${END_IN / 1000} s after the release; ${LAYOUT}; load average ${loadAverage()}`,
  );
  for (const n of sizes.length ? sizes : [2000]) await runOnce(n, bases);
}

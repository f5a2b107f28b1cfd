// One student's exam page in the exam's last minutes, as bench/exam-end.ts simulates it (each load
// generator thread, bench/exam-end-students.ts, runs a share of them): the page's rules for commits,
// deliveries, retries and the automatic submission, and the tally of every call's time.
import { createHash } from 'node:crypto';
import http from 'node:http';
import pLimit from 'p-limit';
import { DEFAULT_BACKOFF } from '../apps/web/src/features/exam/answer-queue.ts';
import { parseRetryAfter, retryDelay } from '../apps/web/src/lib/retry.ts';
import { headersOf, type Reply, Stalled, send } from './exam-common.ts';
import { photoVariant } from './photo.ts';

const seconds = (name: string, fallback: number) => Number(process.env[name] ?? fallback) * 1000;
export const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 3);
export const END_IN = seconds('BENCH_END_IN', 150);
export const BURST_FROM = seconds('BENCH_BURST_FROM', 120);
export const BURST_SPREAD = seconds('BENCH_BURST_SPREAD', 60);
export const DELIVERY_WAIT = seconds('BENCH_DELIVERY_WAIT', 900);
export const PROCESS_WAIT = seconds('BENCH_PROCESS_WAIT', 1800);

/** The exam page's numbers (answer-queue.ts, transport.ts, lib/time-sync.ts) and a browser's. */
const PAGE = {
  deliveriesAtOnce: 2,
  stallMs: 30_000,
  callTimeoutMs: 20_000,
  resyncMs: 50_000,
  connectionsPerHost: 6,
};

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

/** The page's pause before trying again: its back-off, or the server's Retry-After plus up to half of it (5 s at most). */
const pause = (attempt: number, retryAfter: string | undefined) =>
  retryDelay(attempt, DEFAULT_BACKOFF, Math.random, parseRetryAfter(retryAfter));

export type Photo = {
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
export type Sample = { call: string; ms: number; ok: boolean; at: number };

/** What every student adds to. */
export class Tally {
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
export class Student {
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

export const sha256Of = (parts: Buffer[]) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest('hex');
};

/** What each thread counts into its row of the shared counters, once a second. */
export const PROGRESS_FIELDS = ['taken', 'committed', 'acknowledged', 'lost', 'done'] as const;
/** The flags' place in the shared counters (after the threads' rows): 1 once every student is done or the bench stops. */
export const flagsAt = (threads: number) => threads * PROGRESS_FIELDS.length;

import { Sha256Schema } from '@ngso/shared/schemas/exam';
import type { FastifyRequest } from 'fastify';
import pLimit from 'p-limit';
import { AppError } from '../../lib/app-error.ts';
import { type callsServedFirst, commitmentsServed } from '../../lib/commitments-first.ts';
import { threadBusy } from '../../lib/thread-use.ts';
import { serverFull, workGate } from '../../lib/work-gate.ts';

/** Seconds a client is asked to wait before sending an upload the server had no room for. */
export const UPLOAD_RETRY_AFTER_SECONDS = 5;

/**
 * The longest wait a full gate asks for: a phone comes back within this, however long the queue (its page
 * adds up to half again, 5 s at most, apps/web/src/lib/retry.ts). 60 s kept the photos away while the server had room
 * again; 30 s brought them back sooner, and since a photo coming back at its moment finds its place kept
 * (`keptForReturns`), it no longer sends its bytes a second time into the students' last commitments
 * (decision 052).
 */
export const LONGEST_RETRY_AFTER_SECONDS = 30;

/** How long a moment given to an upload turned away is kept for it, past that moment. */
const FORGET_PROMISES_AFTER_MS = 5 * 60_000;

/** The most moments kept at once (the oldest go first): the keys come from clients, and memory is finite. */
export const PROMISES_KEPT_AT_MOST = 100_000;

/**
 * When to tell refused uploads to come back. The pace is the uploads finished a second over `windowMs`, at
 * its best over the last `rememberMs`; each refused upload is given a moment of its own, one upload's time
 * after the one refused before it, and no earlier than the queue in front of it will have gone: hundreds
 * refused in the same second and all told "5 s" would come back together to a queue that is still full, and
 * be refused again, each time sending their bytes for nothing.
 *
 * Why the best pace of the last minute, not the last 10 s alone: the phones told to come back arrive spread
 * over their Retry-After and the page's up to half of it again, so while they are away fewer uploads finish
 * than the process can take. Told to come back at that lower pace, the next phones came back slower still:
 * in the exam's last minute a process sat 40 % idle for 40 s with thousands of photos away (decision 051).
 */
function returnTimes(windowMs = 10_000, now = () => Date.now(), rememberMs = 60_000) {
  const finished: number[] = [];
  /**
   * The moment each upload turned away was given, by its key (a photo's SHA-256), in the order given (the
   * moments hardly ever go back, so forgetting them stops at the first one still kept).
   */
  const promised = new Map<string, number>();
  /** The pace as it was over the last `rememberMs`: its highest reading in each second. */
  const paces: { at: number; perSecond: number }[] = [];
  /** The moment the last refused upload was asked to come back. */
  let lastReturn = 0;
  const forget = () => {
    while (finished.length && (finished[0] as number) <= now() - windowMs) finished.shift();
    while (paces.length && (paces[0] as { at: number }).at <= now() - rememberMs) paces.shift();
    // A phone that never came back (its page closed, say) has gone out of the line.
    for (const [key, at] of promised) {
      if (at > now() - FORGET_PROMISES_AFTER_MS) break;
      promised.delete(key);
    }
  };
  /** Uploads finished a second, over the last `windowMs`. */
  const perSecond = () => {
    forget();
    return finished.length / (windowMs / 1000);
  };
  /** Keeps the present pace among this second's readings. */
  const notePace = () => {
    const current = perSecond();
    const last = paces.at(-1);
    if (!last || now() - last.at >= 1000) paces.push({ at: now(), perSecond: current });
    else last.perSecond = Math.max(last.perSecond, current);
  };
  /** The best pace of the last `rememberMs`, the present one included. */
  const bestPace = () => {
    notePace();
    return Math.max(...paces.map((pace) => pace.perSecond));
  };
  return {
    finished() {
      finished.push(now());
      notePace();
    },
    perSecond,
    /**
     * Whether the upload of this key was turned away before and comes back at (or after) the moment it was
     * given. A second early counts as in time: the phone's and the server's seconds are counted apart.
     */
    cameBack(key: string | undefined) {
      const at = key === undefined ? undefined : promised.get(key);
      return at !== undefined && at - 1000 <= now();
    },
    /** The upload of this key has its place in the queue: its moment is no longer held for it. */
    admitted(key: string | undefined) {
      if (key !== undefined) promised.delete(key);
    },
    /**
     * Seconds until this upload's turn to come back, with `queued` uploads in front of it (5 to 30 s); the
     * moment is kept for it by its key, when it has one.
     */
    secondsFor(queued: number, key?: string) {
      const pace = bestPace();
      let at = now() + UPLOAD_RETRY_AFTER_SECONDS * 1000;
      if (pace > 0) {
        const msPerUpload = 1000 / pace;
        at = Math.min(
          now() + LONGEST_RETRY_AFTER_SECONDS * 1000,
          Math.max(at, now() + queued * msPerUpload, lastReturn + msPerUpload),
        );
        lastReturn = at;
      }
      if (key !== undefined) {
        promised.delete(key);
        promised.set(key, at);
        if (promised.size > PROMISES_KEPT_AT_MOST) promised.delete(promised.keys().next().value as string);
      }
      return Math.ceil((at - now()) / 1000);
    },
  };
}

/**
 * Bounds the uploads a process reads and processes at once (`atOnce`), for uploads re-encoded before they
 * are answered (profile photos); the others wait for their turn with their bodies unread (TCP holds the
 * bytes back on the client), and beyond `waiting` of them an upload is refused at once with 503 and
 * Retry-After.
 */
export const uploadGate = (options: { atOnce: number; waiting: number }) =>
  workGate({ ...options, retryAfterSeconds: UPLOAD_RETRY_AFTER_SECONDS });

/** Seconds an account is asked to wait before sending a third photo while two of its own are in flight. */
export const ACCOUNT_RETRY_AFTER_SECONDS = 2;

/**
 * At most `atOnce` uploads of one account in flight in this process (being read, waiting for their turn,
 * or being stored); the next is refused at once with 429 and Retry-After. A phone that sends ten photos
 * together takes no more of the server's room than one that sends two.
 */
export function accountGate(atOnce: number, onRefused: () => void = () => {}) {
  const inFlight = new Map<string, number>();
  return async <T>(accountId: string, work: () => Promise<T>): Promise<T> => {
    const count = inFlight.get(accountId) ?? 0;
    if (count >= atOnce) {
      onRefused();
      throw new AppError(429, 'upload.tooManyAtOnce', {
        headers: { 'Retry-After': String(ACCOUNT_RETRY_AFTER_SECONDS) },
      });
    }
    inFlight.set(accountId, count + 1);
    try {
      return await work();
    } finally {
      const left = (inFlight.get(accountId) ?? 1) - 1;
      if (left === 0) inFlight.delete(accountId);
      else inFlight.set(accountId, left);
    }
  };
}

/**
 * Bounds the bytes of the uploads a process holds at once (bodies being read into memory and stored), not
 * their count: a photo's body takes seconds to arrive from a phone, and a gate of a few at a time would
 * leave the server idle while photos trickle in. Uploads are admitted in their order of arrival while
 * their sizes fit `budgetBytes` (one larger than the budget runs alone); the others wait with their bodies
 * unread (TCP holds the bytes back on the client), and beyond `waiting` of them an upload is refused at
 * once with 503 and a Retry-After of its own moment to come back, at the recent pace (5 to 30 s).
 */
export function byteGate(options: {
  budgetBytes: number;
  waiting: number;
  /**
   * Of the `waiting` places, those kept for the uploads that come back at the moment they were given: a new
   * upload is refused once `waiting - keptForReturns` wait (default 0).
   */
  keptForReturns?: number;
  /** How long an upload may wait for its turn before it is told to come back (503), if at all. */
  longestWaitMs?: number;
  /** While `busy()`, uploads are admitted only within this smaller budget (see `answerUploads`). */
  whileBusy?: { budgetBytes: number; busy: () => boolean };
  /**
   * Calls served first (lib/commitments-first.ts): while any is being served, uploads are admitted only
   * within `budgetBytes` (one still is when none is in flight, so that uploads always move); the queue is
   * woken when the last is answered.
   */
  yieldsTo?: {
    calls: Pick<ReturnType<typeof callsServedFirst>, 'waiting' | 'onNoneWaiting'>;
    budgetBytes: number;
  };
  now?: () => number;
  /** Told of each upload turned away: the queue was full, or it waited `longestWaitMs` (for the metrics). */
  onTurnedAway?: (reason: 'full' | 'waited_too_long') => void;
}) {
  let inFlight = 0;
  const returns = returnTimes(10_000, options.now);
  type Waiting = { bytes: number; admit: () => void };
  const queue: Waiting[] = [];
  /** The smallest budget in force: the whole one, the one while the thread is busy, the one while yielding. */
  const budget = () =>
    Math.min(
      options.budgetBytes,
      options.whileBusy?.busy() ? options.whileBusy.budgetBytes : Number.POSITIVE_INFINITY,
      options.yieldsTo && options.yieldsTo.calls.waiting() > 0
        ? options.yieldsTo.budgetBytes
        : Number.POSITIVE_INFINITY,
    );
  const admitNext = () => {
    const budgetBytes = budget();
    for (let next = queue[0]; next; next = queue[0]) {
      if (inFlight > 0 && inFlight + next.bytes > budgetBytes) return;
      queue.shift();
      inFlight += next.bytes;
      next.admit();
    }
  };
  /**
   * Refuses (503 with Retry-After) when this upload could not wait for its turn now. `key` names the upload
   * (a photo's SHA-256) so that, turned away, it finds a place kept for it when it comes back at its moment.
   */
  const refuseWhenFull = (key?: string) => {
    const places = returns.cameBack(key) ? options.waiting : options.waiting - (options.keptForReturns ?? 0);
    if (queue.length >= places) {
      options.onTurnedAway?.('full');
      throw serverFull(returns.secondsFor(queue.length, key));
    }
  };
  const admit = async <T>(bytes: number, work: () => Promise<T>, key?: string): Promise<T> => {
    refuseWhenFull(key);
    returns.admitted(key);
    await new Promise<void>((admit, refuse) => {
      const entry: Waiting = { bytes, admit };
      if (options.longestWaitMs !== undefined) {
        const timer = setTimeout(() => {
          const at = queue.indexOf(entry);
          if (at < 0) return;
          queue.splice(at, 1);
          options.onTurnedAway?.('waited_too_long');
          refuse(serverFull(returns.secondsFor(at + 1, key)));
        }, options.longestWaitMs);
        entry.admit = () => {
          clearTimeout(timer);
          admit();
        };
      }
      queue.push(entry);
      admitNext();
    });
    try {
      return await work();
    } finally {
      inFlight -= bytes;
      returns.finished();
      admitNext();
    }
  };
  /**
   * Whether uploads are arriving at a peak: some wait for their turn, or more than `peakPerSecond` a second
   * finished over the last 10 s.
   */
  options.yieldsTo?.calls.onNoneWaiting(admitNext);
  const atPeak = (peakPerSecond: number) => queue.length > 0 || returns.perSecond() > peakPerSecond;
  /** What the gate holds now: the bytes admitted and in flight, the uploads waiting, the budget in force. */
  const usage = () => ({ inFlightBytes: inFlight, waiting: queue.length, budgetBytes: budget() });
  return Object.assign(admit, { refuseWhenFull, atPeak, usage });
}

/**
 * Answer photos that may wait for their turn in a process, each holding its connection (nginx keeps as
 * many idle connections to a process, deploy/nginx/ngso.conf's `keepalive`, so that it never opens new
 * ones for them).
 */
export const ANSWER_UPLOADS_WAITING = 1000;

/**
 * Of those places, the ones kept for the photos turned away before that come back at their moment (known
 * by their SHA-256): a photo the gate asked to come back finds its place, instead of being turned away again
 * by the new ones that arrived meanwhile and sending its bytes once more for nothing (decision 052).
 */
export const ANSWER_UPLOADS_KEPT_FOR_RETURNS = 200;

/**
 * The students' answer photos, for the whole process. Storing one is cheap now (header checks, a flushed
 * write and the inserts; re-encoding runs later in the image jobs): 9 ms of CPU per acknowledgment on
 * PostgreSQL and 14 ms on the embedded database, against 41 ms to re-encode the same photo
 * (docs/performance.md, "Answer photos acknowledged before processing"). So what bounds them is memory:
 * 128 MB of bodies at once (about 250 photos of 0.5 MB as the exam page sends them, or 8 of 15 MB); 1000
 * wait, at most 20 s each, and beyond that an upload is told when to come back.
 *
 * While the thread is saturated, the commitments go first (decision 047): new photos are admitted only
 * within 16 MB (about 30 to 60 photos, enough to keep the thread working between their reads, flushes and
 * inserts). 8 MB from decision 050's runs, where the commitments waited behind nginx's new connections
 * too; with those gone (decision 059), 16 MB acknowledged photos faster and kept the JSON p99 under 0.65 s.
 * Every photo admitted beyond that adds its events to the thread's one line, where the students' small calls
 * (their commitments, which decide whether a photo counts) wait behind them; the photos left waiting keep
 * their connections, their bodies unread.
 *
 * And whatever the thread's use, while a commitment or a submission is being served in this process, new
 * photos are admitted only within WHILE_COMMITMENTS_SERVED_BYTES (decision 071); the queue moves on the moment
 * the last of them is answered.
 */
/**
 * The bytes of answer photos in flight above which no new photo is admitted while a commitment is being
 * served: 2 MB, four to eight photos as the exam page sends them. Enough for their file flushes to overlap
 * (one photo at a time would wait for each flush in turn, and the photos left waiting 20 s would come back
 * as new requests, more work on the thread), few enough that a commitment waits behind little photo work.
 */
export const WHILE_COMMITMENTS_SERVED_BYTES = 2 * 1_000_000;

/** Answer photos turned away by this process since it started, by reason (the metrics read them). */
const turnedAway = { full: 0, waited_too_long: 0, per_account: 0 };

const answerUploads = byteGate({
  budgetBytes: 128 * 1_000_000,
  waiting: ANSWER_UPLOADS_WAITING,
  // Under the exam page's 30 s: a delivery silent that long is dropped by the page and sent again on a new
  // connection, and thousands of new connections at once overflow the listen queue, where the JSON calls
  // wait too. Told to come back instead, the phone keeps its connection.
  longestWaitMs: 20_000,
  whileBusy: { budgetBytes: 16 * 1_000_000, busy: threadBusy() },
  yieldsTo: { calls: commitmentsServed, budgetBytes: WHILE_COMMITMENTS_SERVED_BYTES },
  keptForReturns: ANSWER_UPLOADS_KEPT_FOR_RETURNS,
  onTurnedAway: (reason) => {
    turnedAway[reason] += 1;
  },
});
const answerUploadsPerAccount = accountGate(2, () => {
  turnedAway.per_account += 1;
});

/**
 * The answer photos' gate as the metrics show it: what it holds now (`usage`) and the photos it turned
 * away so far, by reason (queue full at the door, waited too long, or the account's third at once).
 */
export const answerUploadGate = {
  usage: () => answerUploads.usage(),
  turnedAway: (): Readonly<Record<keyof typeof turnedAway, number>> => ({ ...turnedAway }),
};

/** What an upload whose size is not known is counted as: the largest body allowed. */
export const UNKNOWN_UPLOAD_BYTES = 16 * 1_000_000;

/**
 * Admits one answer photo of an account (POST /v1/upload and the exam's photo delivery): first the
 * account's own limit (two in flight, 429), then the process's gate (503 when full). Both answer with
 * Retry-After, and `work` (which reads the body) runs only once admitted. `bytes`: the body's size when
 * known (its Content-Length, or the committed photo's size).
 */
export function admitAnswerUpload<T>(
  accountId: string,
  work: () => Promise<T>,
  bytes: number = UNKNOWN_UPLOAD_BYTES,
  sha256?: string,
): Promise<T> {
  return answerUploadsPerAccount(accountId, () => answerUploads(bytes, work, sha256));
}

/**
 * Answer photos a second above which the exam is at a peak of photos. Far above the pace of a whole exam
 * (5,000 finalists with six pages in an hour are 8 a second) and far below its last minutes (hundreds).
 */
export const PHOTO_PEAK_PER_SECOND = 20;

/**
 * Whether answer photos are arriving at a peak in this process (some wait for their turn, or more than
 * PHOTO_PEAK_PER_SECOND a second were stored over the last 10 s): the image jobs wait then
 * (jobs/yield-to-requests.ts), as each re-encoding takes a core from the next acknowledgement for 40 ms.
 */
export const answerPhotosAtPeak = () => answerUploads.atPeak(PHOTO_PEAK_PER_SECOND);

/**
 * A route hook (preValidation, after the session's) for the answer uploads: 503 with Retry-After at the door
 * while the gate's queue is full, before the commitment or the body is looked at. The session comes first
 * (one query shared by the requests that arrive together, lib/batch-loader.ts): a request signed out is a
 * 401 and is never given a moment to come back, so junk with made-up hashes neither pushes back the
 * students' moments nor takes the places kept for their returns. A photo's delivery is known by the
 * SHA-256 in its path, so that it finds its place kept when it comes back at its moment.
 */
export async function refuseAnswerUploadWhenFull(request: FastifyRequest) {
  answerUploads.refuseWhenFull(photoAtTheDoor(request.params));
}

/**
 * The photo a delivery names in its path, as the gate remembers it: the door comes before the route's own
 * validation, so anything but a SHA-256 (a long made-up string, say) is remembered as nothing.
 */
export function photoAtTheDoor(params: unknown): string | undefined {
  const sha256 = (params as { sha256?: unknown } | undefined)?.sha256;
  return Sha256Schema.safeParse(sha256).success ? (sha256 as string) : undefined;
}

/** Photos sent to /v1/upload whose rows are being written at once, per process. */
export const ANSWER_RECORDS_AT_ONCE = 8;
const answerRecords = pLimit(ANSWER_RECORDS_AT_ONCE);

/**
 * Runs the database writes of a photo sent to /v1/upload (the answers of clients that send URLs), a few
 * photos at a time. Hundreds of admitted uploads writing at once would queue every JSON call of the exam
 * (the students' commitments among them) behind theirs for the database's connections. Only the writes
 * wait here: the bodies are read and the files written and flushed in parallel (flushes run faster
 * together than one after another). Deliveries of committed photos are written together instead, a few
 * statements at a time (answer-photos.service.ts).
 */
export function recordAnswerPhoto<T>(work: () => Promise<T>): Promise<T> {
  return answerRecords(work);
}

/**
 * Profile photos have a gate of their own (they are re-encoded at once, and must never take the room of
 * answer photos in the exam's last minutes): two at a time, twenty waiting, one in flight per account.
 */
const profilePhotos = uploadGate({ atOnce: 2, waiting: 20 });
const profilePhotosPerAccount = accountGate(1);

export function admitProfilePhoto<T>(accountId: string, work: () => Promise<T>): Promise<T> {
  return profilePhotosPerAccount(accountId, () => profilePhotos(work));
}

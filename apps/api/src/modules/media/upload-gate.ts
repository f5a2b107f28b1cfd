import { AppError } from '../../lib/app-error.ts';
import type { callsServedFirst } from '../../lib/commitments-first.ts';
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
  // The last commitment answered: the uploads that yielded to it move on.
  options.yieldsTo?.calls.onNoneWaiting(admitNext);
  /**
   * Whether uploads are arriving at a peak: some wait for their turn, or more than `peakPerSecond` a second
   * finished over the last 10 s.
   */
  const atPeak = (peakPerSecond: number) => queue.length > 0 || returns.perSecond() > peakPerSecond;
  /** What the gate holds now: the bytes admitted and in flight, the uploads waiting, the budget in force. */
  const usage = () => ({ inFlightBytes: inFlight, waiting: queue.length, budgetBytes: budget() });
  return Object.assign(admit, { refuseWhenFull, atPeak, usage });
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

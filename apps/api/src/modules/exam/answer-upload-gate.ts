import { Sha256Schema } from '@ngso/shared/schemas/exam';
import type { FastifyRequest } from 'fastify';
import pLimit from 'p-limit';
import { commitmentsServed } from '../../lib/commitments-first.ts';
import { threadBusy } from '../../lib/thread-use.ts';
import { accountGate, byteGate } from '../media/upload-gate.ts';

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

/**
 * The bytes of answer photos admitted at once while the thread is saturated (see `answerUploads`): 16 MB, 30 to
 * 60 photos as the exam page sends them (0.25 to 0.5 MB).
 */
export const WHILE_BUSY_BYTES = 16 * 1_000_000;

/** Answer photos turned away by this process since it started, by reason (the metrics read them). */
const turnedAway = { full: 0, waited_too_long: 0, per_account: 0 };

const answerUploads = byteGate({
  budgetBytes: 128 * 1_000_000,
  waiting: ANSWER_UPLOADS_WAITING,
  // Under the exam page's 30 s: a delivery silent that long is dropped by the page and sent again on a new
  // connection, and thousands of new connections at once overflow the listen queue, where the JSON calls
  // wait too. Told to come back instead, the phone keeps its connection.
  longestWaitMs: 20_000,
  whileBusy: { budgetBytes: WHILE_BUSY_BYTES, busy: threadBusy() },
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

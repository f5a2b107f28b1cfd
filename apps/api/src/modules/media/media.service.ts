import { createHash } from 'node:crypto';
import type { Executor } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { isUuid } from '../../lib/ids.ts';
import { newImageKey, newRawKey } from '../../lib/storage.ts';
import type { UserRow } from '../auth/auth.repo.ts';
import { type Auth, assertPastSecondFactor } from '../auth/sessions.ts';
import { graderMaySeeMedia } from '../grading/grading-access.ts';
import { inspectImage, processImage } from './image-pipeline.ts';
import {
  deleteMedia,
  findMedia,
  MEDIA_QUOTA,
  type MediaRow,
  mediaInsertWithinQuota,
  type NewMediaRow,
  usageOf,
} from './media.repo.ts';
import { recordAnswerPhoto } from './upload-gate.ts';

/** The address the browser loads a stored image from (with its session cookie). */
export const mediaUrl = (id: string) => `/api/v1/media/${id}`;

const quotaError = () => new AppError(403, 'media.quota');

const overQuota = (usage: { files: number; bytes: number }, adding: number) =>
  usage.files >= MEDIA_QUOTA.files || usage.bytes + adding > MEDIA_QUOTA.bytes;

/** An upload's bytes; `sha256` when the caller hashed them already (as they arrived). */
type Upload = { data: Buffer; fileName: string; sha256?: string };
type NewMedia = Omit<NewMediaRow, 'ownerId' | 'kind' | 'createdAt'>;

const sha256Of = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * Writes a media row within its owner's quota (mediaInsertWithinQuota: the check and the insert are one
 * statement, which two uploads of one account together cannot pass): the row written, or undefined over
 * the quota.
 */
export type MediaWrite<T> = (row: NewMediaRow) => Promise<T | undefined>;

/** Writes the row in a statement of its own. */
const insertAlone =
  (db: Executor): MediaWrite<MediaRow> =>
  async (row) =>
    (await mediaInsertWithinQuota(db, [row]))[0];

/**
 * Writes the row of a stored file with `write`. The file is already durable; it is removed when the row is
 * not written.
 */
async function recordMedia<T>(
  ctx: ServiceContext,
  owner: UserRow,
  kind: MediaRow['kind'],
  values: NewMedia,
  write: MediaWrite<T>,
) {
  try {
    const row = await write({ ...values, ownerId: owner.id, kind, createdAt: ctx.clock.now() });
    if (!row) throw quotaError();
    return row;
  } catch (err) {
    await ctx.storage.delete(values.storageKey);
    throw err;
  }
}

/**
 * Stores one image for its owner. An answer photo (`upload`) is acknowledged after the cheap checks
 * (format, pixels and size from its header) once its bytes are durable and its row is written as
 * `pending`: re-encoding runs later in the image jobs (media-processing.ts), and nothing pending is ever
 * served. Profile photos and e-book pages are processed at once (they are shown right away).
 */
export async function storeImage(
  ctx: ServiceContext,
  owner: UserRow,
  upload: Upload,
  kind: MediaRow['kind'],
  db: Executor = ctx.db,
) {
  if (kind === 'upload') {
    // A few rows at a time (recordAnswerPhoto): the exam's JSON calls need the database's connections too.
    return storeReceived(ctx, owner, upload, (row) => recordAnswerPhoto(() => insertAlone(db)(row)));
  }
  // Refuses early, before any work, what the quota would refuse anyway (the check that counts is atomic;
  // a processed image is smaller than the bytes received, so only the count is known here).
  if (overQuota(await usageOf(db, owner.id), 0)) throw quotaError();
  const image = await processImage(upload.data, upload.fileName);
  const storageKey = newImageKey();
  await ctx.storage.put(storageKey, image.data);
  return recordMedia(
    ctx,
    owner,
    kind,
    {
      storageKey,
      contentType: image.contentType,
      sizeBytes: image.data.length,
      sha256: image.sha256,
      sourceSha256: sha256Of(upload.data),
      sourceSize: upload.data.length,
      width: image.width,
      height: image.height,
    },
    insertAlone(db),
  );
}

/**
 * Bytes acknowledged after the cheap checks (format, pixels and size from the header): the file durable,
 * its row written `pending` by `write` (a delivery links the file to the photo's commitment in the same
 * statement; a refused photo's file is deleted), and its re-encoding queued. `write` answers the row's id
 * with what else it wrote, or undefined when the quota refused the row.
 */
export async function storeReceived<T extends { id: string }>(
  ctx: ServiceContext,
  owner: UserRow,
  upload: Upload,
  write: MediaWrite<T>,
) {
  const header = await inspectImage(upload.data, upload.fileName);
  const storageKey = newRawKey();
  await ctx.storage.put(storageKey, upload.data);
  const sha256 = upload.sha256 ?? sha256Of(upload.data);
  const row = await recordMedia(
    ctx,
    owner,
    'upload',
    {
      status: 'pending',
      storageKey,
      contentType: header.contentType,
      sizeBytes: upload.data.length,
      sha256,
      sourceSha256: sha256,
      sourceSize: upload.data.length,
      width: header.width,
      height: header.height,
    },
    write,
  );
  // Queued with the photos stored at the same moment.
  await ctx.imageJobs.enqueue(row.id);
  return row;
}

/**
 * A stored image, for its owner, for admins, and for a grader only when it is a photo of an answer in a
 * category they may grade now (never a profile photo); anyone else is told it does not exist. A staff
 * session reads by its role only past the second factor (403 before, as the console does).
 */
export async function readableMedia(ctx: ServiceContext, auth: Auth, id: string) {
  const viewer = auth.user;
  if (!isUuid(id)) throw notFound();
  const row = await findMedia(ctx.db, id);
  if (!row) throw notFound();
  if (row.ownerId === viewer.id) return row;
  assertPastSecondFactor(auth);
  if (viewer.role === 'admin') return row;
  if (viewer.role === 'grader' && (await graderMaySeeMedia(ctx, viewer, row.id))) return row;
  throw notFound();
}

/** Seconds a client waits before asking again for a photo being processed. */
export const PROCESSING_RETRY_AFTER_SECONDS = 2;

/**
 * A stored image that may be shown: a pending one is 409 "being processed" with Retry-After (never its
 * bytes as received), a failed one (not an image after all) is not found.
 */
export async function servableMedia(ctx: ServiceContext, viewer: Auth, id: string) {
  const row = await readableMedia(ctx, viewer, id);
  if (row.status === 'pending') {
    throw new AppError(409, 'photo.processing', {
      headers: { 'Retry-After': String(PROCESSING_RETRY_AFTER_SECONDS) },
    });
  }
  if (row.status === 'failed') throw notFound();
  return row;
}

export async function removeMedia(ctx: ServiceContext, ownerId: string, id: string) {
  const row = await deleteMedia(ctx.db, id, ownerId);
  if (row) await ctx.storage.delete(row.storageKey);
}

import { createHash } from 'node:crypto';
import type { Executor } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { isUuid } from '../../lib/ids.ts';
import { newImageKey, newRawKey } from '../../lib/storage.ts';
import { type Auth, assertPastSecondFactor } from '../auth/sessions.ts';
import type { UserRow } from '../auth/user.ts';
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

const quotaError = () => new AppError(403, 'media.quota');

const overQuota = (usage: { files: number; bytes: number }, adding: number) =>
  usage.files >= MEDIA_QUOTA.files || usage.bytes + adding > MEDIA_QUOTA.bytes;

/** An upload's bytes; `sha256` when the caller hashed them already (as they arrived). */
type Upload = { data: Buffer; fileName: string; sha256?: string };

const sha256Of = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * Writes a media row in a statement of its own, within its owner's quota (mediaInsertWithinQuota: the check
 * and the insert are one statement, which two uploads of one account together cannot pass): the row
 * written, or undefined over the quota.
 */
export const insertMediaAlone = async (db: Executor, row: NewMediaRow) =>
  (await mediaInsertWithinQuota(db, [row]))[0];

/**
 * Removes a stored file whose row was not written (`written` failed, or the quota refused it: 403). The file
 * is durable before its row, so it is never left without one.
 */
async function keptOnlyIfWritten<T>(
  ctx: ServiceContext,
  storageKey: string,
  written: () => Promise<T | undefined>,
) {
  try {
    const row = await written();
    if (!row) throw quotaError();
    return row;
  } catch (err) {
    await ctx.storage.delete(storageKey);
    throw err;
  }
}

/**
 * Stores one image for its owner, processed at once (profile photos and e-book pages are shown right
 * away): re-encoded, durable, and its row written within the owner's quota.
 */
export async function storeImage(
  ctx: ServiceContext,
  owner: UserRow,
  upload: Upload,
  kind: Exclude<MediaRow['kind'], 'upload'>,
  db: Executor = ctx.db,
) {
  // Refuses early, before any work, what the quota would refuse anyway (the check that counts is atomic;
  // a processed image is smaller than the bytes received, so only the count is known here).
  if (overQuota(await usageOf(db, owner.id), 0)) throw quotaError();
  const image = await processImage(upload.data, upload.fileName);
  const storageKey = newImageKey();
  await ctx.storage.put(storageKey, image.data);
  const row: NewMediaRow = {
    ownerId: owner.id,
    kind,
    createdAt: ctx.clock.now(),
    storageKey,
    contentType: image.contentType,
    sizeBytes: image.data.length,
    sha256: image.sha256,
    sourceSha256: sha256Of(upload.data),
    sourceSize: upload.data.length,
    width: image.width,
    height: image.height,
  };
  return keptOnlyIfWritten(ctx, storageKey, () => insertMediaAlone(db, row));
}

/**
 * Bytes received as they are, after the cheap checks (format, pixels and size from the header): the file
 * made durable, and answered as the `pending` row that records it (nothing pending is ever served). The
 * caller writes that row (within the quota: mediaInsertWithinQuota, alone or with rows of its own in the
 * same statement), then hands it to `receivedFileRecorded`.
 */
export async function storeReceivedFile(
  ctx: ServiceContext,
  owner: UserRow,
  upload: Upload,
): Promise<NewMediaRow> {
  const header = await inspectImage(upload.data, upload.fileName);
  const storageKey = newRawKey();
  await ctx.storage.put(storageKey, upload.data);
  const sha256 = upload.sha256 ?? sha256Of(upload.data);
  return {
    ownerId: owner.id,
    kind: 'upload',
    createdAt: ctx.clock.now(),
    status: 'pending',
    storageKey,
    contentType: header.contentType,
    sizeBytes: upload.data.length,
    sha256,
    sourceSha256: sha256,
    sourceSize: upload.data.length,
    width: header.width,
    height: header.height,
  };
}

/**
 * After the caller wrote a received file's row (`written`: what its write answered, undefined when the quota
 * refused the row, 403): the file of a row not written is removed, and a written one's re-encoding is queued
 * (the image jobs, media-processing.ts). Answers what was written.
 */
export async function receivedFileRecorded<T extends { id: string }>(
  ctx: ServiceContext,
  file: NewMediaRow,
  written: T | undefined,
) {
  if (!written) {
    await discardReceivedFile(ctx, file);
    throw quotaError();
  }
  // Queued with the photos stored at the same moment.
  await ctx.imageJobs.enqueue(written.id);
  return written;
}

/** Removes a received file whose row could not be written (the file is durable before its row). */
export async function discardReceivedFile(ctx: ServiceContext, file: NewMediaRow) {
  await ctx.storage.delete(file.storageKey);
}

/**
 * Whether a grader may see a stored file that is not theirs. The rule is grading's, a module above this one
 * (decision 070): app.ts gives it. Until it is given, a grader sees nothing of anyone else's.
 */
type GraderMaySeeMedia = (ctx: ServiceContext, viewer: UserRow, mediaId: string) => Promise<boolean>;
let graderMaySeeMedia: GraderMaySeeMedia = async () => false;

/** Sets who among the graders may see which stored file (app.ts, with grading's rule). */
export function letGradersSeeMediaWhen(rule: GraderMaySeeMedia) {
  graderMaySeeMedia = rule;
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

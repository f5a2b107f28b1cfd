import { UPLOAD_QUOTA_FILES, UPLOAD_QUOTA_MEGABYTES } from '@ngso/shared/constants';
import type { Executor } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { isUuid } from '../../lib/ids.ts';
import { newImageKey } from '../../lib/storage.ts';
import type { UserRow } from '../auth/auth.repo.ts';
import { processImage } from './image-pipeline.ts';
import { deleteMedia, findMedia, insertMedia, type MediaRow, usageOf } from './media.repo.ts';

/** The address the browser loads a stored image from (with its session cookie). */
export const mediaUrl = (id: string) => `/api/v1/media/${id}`;

const quotaError = () => new AppError(403, 'media.quota');

/** Processes and stores one image for its owner; the row is written only after the file is safe. */
export async function storeImage(
  ctx: ServiceContext,
  owner: UserRow,
  upload: { data: Buffer; fileName: string },
  kind: MediaRow['kind'],
  db: Executor = ctx.db,
) {
  const before = await usageOf(db, owner.id);
  if (before.files >= UPLOAD_QUOTA_FILES) throw quotaError();
  const image = await processImage(upload.data, upload.fileName);
  if (before.bytes + image.data.length > UPLOAD_QUOTA_MEGABYTES * 1_000_000) throw quotaError();
  const storageKey = newImageKey();
  await ctx.storage.put(storageKey, image.data);
  try {
    return await insertMedia(db, {
      ownerId: owner.id,
      kind,
      storageKey,
      contentType: image.contentType,
      sizeBytes: image.data.length,
      sha256: image.sha256,
      width: image.width,
      height: image.height,
      createdAt: ctx.clock.now(),
    });
  } catch (err) {
    await ctx.storage.delete(storageKey);
    throw err;
  }
}

/** A stored image, for its owner and for staff only; anyone else is told it does not exist. */
export async function readableMedia(ctx: ServiceContext, viewer: UserRow, id: string) {
  if (!isUuid(id)) throw notFound();
  const row = await findMedia(ctx.db, id);
  if (!row) throw notFound();
  const isStaff = viewer.role === 'admin' || viewer.role === 'grader';
  if (row.ownerId !== viewer.id && !isStaff) throw notFound();
  return row;
}

export async function removeMedia(ctx: ServiceContext, ownerId: string, id: string) {
  const row = await deleteMedia(ctx.db, id, ownerId);
  if (row) await ctx.storage.delete(row.storageKey);
}

import {
  type AdminTutorial,
  TUTORIAL_THUMBNAIL,
  type Tutorial,
  type TutorialInputSchema,
} from '@ngso/shared/schemas/tutorials';
import sharp from 'sharp';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { isUuid } from '../../lib/ids.ts';
import { newImageKey } from '../../lib/storage.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { UserRow } from '../auth/user.ts';
import { processImage } from '../media/image-pipeline.ts';
import {
  allTutorials,
  deleteTutorial,
  findTutorial,
  insertTutorial,
  publishedTutorials,
  type TutorialRow,
  updateTutorial,
} from './tutorials.repo.ts';

type TutorialInput = z.output<typeof TutorialInputSchema>;
type Upload = { data: Buffer; fileName: string };

const tutorialNotFound = () => new AppError(404, 'tutorial.notFound');

/** The thumbnail's address; a new upload gets a new storage key, so a new address (cached for a year). */
export const thumbnailUrl = (row: Pick<TutorialRow, 'id' | 'thumbnailKey'>) =>
  row.thumbnailKey ? `/api/v1/tutorials/${row.id}/thumbnail?v=${row.thumbnailKey.slice(0, 12)}` : null;

const toPublic = (row: TutorialRow & { thumbnailKey: string }): Tutorial => ({
  id: row.id,
  title_en: row.titleEn,
  title_bn: row.titleBn,
  video_url: row.videoUrl,
  thumbnail: { url: thumbnailUrl(row) ?? '', ...TUTORIAL_THUMBNAIL },
});

export const toAdminTutorial = (row: TutorialRow): AdminTutorial => ({
  id: row.id,
  title_en: row.titleEn,
  title_bn: row.titleBn,
  video_url: row.videoUrl,
  position: row.position,
  thumbnail: thumbnailUrl(row),
  created_at: row.createdAt.toISOString(),
});

/** What the audit log keeps of a tutorial. */
const auditView = (row: TutorialRow) => ({
  title_en: row.titleEn,
  title_bn: row.titleBn,
  video_url: row.videoUrl,
  position: row.position,
  thumbnail: row.thumbnailKey !== null,
});

/** The home page's tutorials: only those organisers set with a thumbnail, in list order. */
export async function listPublicTutorials(ctx: ServiceContext): Promise<Tutorial[]> {
  const rows = await publishedTutorials(ctx.db);
  return rows.flatMap((row) =>
    row.thumbnailKey ? [toPublic({ ...row, thumbnailKey: row.thumbnailKey })] : [],
  );
}

export async function listAdminTutorials(ctx: ServiceContext) {
  return (await allTutorials(ctx.db)).map(toAdminTutorial);
}

async function existingTutorial(ctx: ServiceContext, id: string) {
  const row = isUuid(id) ? await findTutorial(ctx.db, id) : undefined;
  if (!row) throw tutorialNotFound();
  return row;
}

/** The public thumbnail's stored file; 404 for an unknown tutorial or one without a thumbnail. */
export async function thumbnailOf(ctx: ServiceContext, id: string) {
  const row = isUuid(id) ? await findTutorial(ctx.db, id) : undefined;
  if (!row?.thumbnailKey) throw notFound();
  return row.thumbnailKey;
}

/**
 * Puts a tutorial at `position` (1 first; past the end means last) and numbers the list 1, 2, 3 … again,
 * so positions stay a plain order whatever organisers type.
 */
async function placeAt(tx: Executor, id: string, position: number) {
  const rows = await allTutorials(tx);
  const moved = rows.find((row) => row.id === id);
  if (!moved) return undefined;
  const order = rows.filter((row) => row.id !== id);
  order.splice(Math.min(position, order.length + 1) - 1, 0, moved);
  let placed = moved;
  for (const [index, row] of order.entries()) {
    if (row.position === index + 1) continue;
    const updated = await updateTutorial(tx, row.id, { position: index + 1 });
    if (updated?.id === id) placed = updated;
  }
  return placed;
}

export async function createTutorial(ctx: ServiceContext, admin: UserRow, input: TutorialInput) {
  return ctx.db.transaction(async (tx) => {
    const inserted = await insertTutorial(tx, {
      titleEn: input.title_en,
      titleBn: input.title_bn,
      videoUrl: input.video_url,
      // Last for a moment; placeAt puts it where it was asked for and numbers the list again.
      position: (await allTutorials(tx)).length + 1,
      createdAt: ctx.clock.now(),
    });
    const row = (await placeAt(tx, inserted.id, input.position ?? Number.POSITIVE_INFINITY)) ?? inserted;
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'tutorial.create',
      targetType: 'tutorial',
      targetId: row.id,
      after: auditView(row),
      at: ctx.clock.now(),
    });
    return toAdminTutorial(row);
  });
}

export async function editTutorial(ctx: ServiceContext, admin: UserRow, id: string, input: TutorialInput) {
  const before = await existingTutorial(ctx, id);
  return ctx.db.transaction(async (tx) => {
    const updated = await updateTutorial(tx, id, {
      titleEn: input.title_en,
      titleBn: input.title_bn,
      videoUrl: input.video_url,
    });
    if (!updated) throw tutorialNotFound();
    const row = input.position === undefined ? updated : ((await placeAt(tx, id, input.position)) ?? updated);
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'tutorial.edit',
      targetType: 'tutorial',
      targetId: id,
      before: auditView(before),
      after: auditView(row),
      at: ctx.clock.now(),
    });
    return toAdminTutorial(row);
  });
}

/** Deletes a stored file after its row is gone; one that cannot be deleted is an orphan that harms no one. */
async function deleteFile(ctx: ServiceContext, key: string | null) {
  if (!key) return;
  await ctx.storage.delete(key).catch((err: Error) => {
    process.emitWarning(`tutorial thumbnail ${key} could not be deleted: ${err.message}`);
  });
}

export async function removeTutorial(ctx: ServiceContext, admin: UserRow, id: string) {
  await existingTutorial(ctx, id);
  const removed = await ctx.db.transaction(async (tx) => {
    const row = await deleteTutorial(tx, id);
    if (!row) throw tutorialNotFound();
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'tutorial.delete',
      targetType: 'tutorial',
      targetId: id,
      before: auditView(row),
      at: ctx.clock.now(),
    });
    return row;
  });
  await deleteFile(ctx, removed.thumbnailKey);
}

/**
 * A thumbnail from an uploaded image: through the site's image pipeline (any JPEG, PNG, WebP or HEIF;
 * upright; every metadata block dropped), then cut to 16:9 around its most interesting part and made
 * small, so a phone on the home page loads about 30 KB per tutorial.
 */
export async function makeThumbnail(upload: Upload): Promise<Buffer> {
  const image = await processImage(upload.data, upload.fileName);
  return sharp(image.data)
    .resize(TUTORIAL_THUMBNAIL.width, TUTORIAL_THUMBNAIL.height, { fit: 'cover', position: 'attention' })
    .jpeg({ quality: 80, progressive: true })
    .toBuffer();
}

/** Sets or replaces the thumbnail; the previous file is deleted once the row points at the new one. */
export async function setTutorialThumbnail(ctx: ServiceContext, admin: UserRow, id: string, upload: Upload) {
  const before = await existingTutorial(ctx, id);
  const data = await makeThumbnail(upload);
  const storageKey = newImageKey();
  await ctx.storage.put(storageKey, data);
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const updated = await updateTutorial(tx, id, { thumbnailKey: storageKey });
      if (!updated) throw tutorialNotFound();
      await recordAudit(tx, {
        actorId: admin.id,
        action: 'tutorial.thumbnail',
        targetType: 'tutorial',
        targetId: id,
        before: { thumbnail: before.thumbnailKey !== null },
        after: { thumbnail: true, file: upload.fileName },
        at: ctx.clock.now(),
      });
      return updated;
    });
    await deleteFile(ctx, before.thumbnailKey);
    return toAdminTutorial(row);
  } catch (err) {
    await deleteFile(ctx, storageKey);
    throw err;
  }
}

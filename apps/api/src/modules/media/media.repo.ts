import { and, asc, count, eq, lt, sum } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { media, users } from '../../db/schema.ts';

export type MediaRow = typeof media.$inferSelect;

export async function insertMedia(db: Executor, values: typeof media.$inferInsert) {
  const [row] = await db.insert(media).values(values).returning();
  if (!row) throw new Error('media row not written');
  return row;
}

export async function findMedia(db: Executor, id: string) {
  const [row] = await db.select().from(media).where(eq(media.id, id)).limit(1);
  return row;
}

export async function usageOf(db: Executor, ownerId: string) {
  const [row] = await db
    .select({ files: count(), bytes: sum(media.sizeBytes) })
    .from(media)
    .where(eq(media.ownerId, ownerId));
  return { files: row?.files ?? 0, bytes: Number(row?.bytes ?? 0) };
}

export async function deleteMedia(db: Executor, id: string, ownerId: string) {
  const [row] = await db
    .delete(media)
    .where(and(eq(media.id, id), eq(media.ownerId, ownerId)))
    .returning();
  return row;
}

/**
 * Holds the owner's row until the transaction ends, so two uploads of one account check the quota one
 * after the other (otherwise both could read the usage before either is written).
 */
export async function lockOwner(tx: Executor, ownerId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).for('update');
}

/** Media still waiting to be processed, oldest first (created before `before` when given). */
export async function pendingMediaIds(db: Executor, limit: number, before?: Date) {
  const rows = await db
    .select({ id: media.id })
    .from(media)
    .where(
      before ? and(eq(media.status, 'pending'), lt(media.createdAt, before)) : eq(media.status, 'pending'),
    )
    .orderBy(asc(media.createdAt))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Marks a pending media processed; undefined when it is no longer pending (another run finished it). */
export async function markMediaReady(
  db: Executor,
  id: string,
  values: Pick<MediaRow, 'storageKey' | 'contentType' | 'sizeBytes' | 'sha256' | 'width' | 'height'>,
) {
  const [row] = await db
    .update(media)
    .set({ ...values, status: 'ready' })
    .where(and(eq(media.id, id), eq(media.status, 'pending')))
    .returning();
  return row;
}

/** Marks a pending media as not an image after all; undefined when it is no longer pending. */
export async function markMediaFailed(db: Executor, id: string) {
  const [row] = await db
    .update(media)
    .set({ status: 'failed' })
    .where(and(eq(media.id, id), eq(media.status, 'pending')))
    .returning();
  return row;
}

import { and, count, eq, sum } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { media } from '../../db/schema.ts';

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

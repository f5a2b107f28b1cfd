import { and, asc, eq, getTableColumns, is, lt, SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { media, users } from '../../db/schema.ts';

export type MediaRow = typeof media.$inferSelect;

export async function findMedia(db: Executor, id: string) {
  const [row] = await db.select().from(media).where(eq(media.id, id)).limit(1);
  return row;
}

/** The owner's stored files and bytes (kept by the database's `media_usage` trigger). */
export async function usageOf(db: Executor, ownerId: string) {
  const [row] = await db
    .select({ files: users.mediaFiles, bytes: users.mediaBytes })
    .from(users)
    .where(eq(users.id, ownerId));
  return { files: row?.files ?? 0, bytes: Number(row?.bytes ?? 0) };
}

/**
 * The insert of a media row that writes it only while its owner stays within the quota, in one statement:
 * the owner's row is locked and its counts checked, and a concurrent store of the same owner waits for the
 * lock, then checks the counts this insert raised (the trigger updates them in the same transaction). A
 * query, run alone or inside a larger statement (as a CTE); it returns the row, none over the quota.
 */
export function mediaInsertWithinQuota(
  db: Executor,
  values: typeof media.$inferInsert,
  quota: { files: number; bytes: number },
) {
  return db
    .insert(media)
    .select(
      sql`select ${selectList(values)} from ${users}
      where ${users.id} = ${values.ownerId} and ${users.mediaFiles} < ${quota.files}
        and ${users.mediaBytes} + ${values.sizeBytes} <= ${quota.bytes}
      for update`,
    )
    .returning();
}

/**
 * The values of a media row as a SELECT list in the table's column order (an INSERT ... SELECT names every
 * column): each given value as a typed parameter, else the column's default.
 */
function selectList(values: typeof media.$inferInsert) {
  const given = values as Record<string, unknown>;
  const items = Object.entries(getTableColumns(media)).map(([key, column]) => {
    const value = given[key] !== undefined ? column.mapToDriverValue(given[key]) : undefined;
    if (value !== undefined) return sql`${value}::${sql.raw(column.getSQLType())}`;
    if (is(column.default, SQL)) return column.default;
    return sql`${column.default ?? null}::${sql.raw(column.getSQLType())}`;
  });
  return sql.join(items, sql`, `);
}

export async function deleteMedia(db: Executor, id: string, ownerId: string) {
  const [row] = await db
    .delete(media)
    .where(and(eq(media.id, id), eq(media.ownerId, ownerId)))
    .returning();
  return row;
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

import { UPLOAD_QUOTA_FILES, UPLOAD_QUOTA_MEGABYTES } from '@ngso/shared/constants';
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

/** What one account may store: files and bytes (docs/decisions on uploads; counted by `media_usage`). */
export const MEDIA_QUOTA = { files: UPLOAD_QUOTA_FILES, bytes: UPLOAD_QUOTA_MEGABYTES * 1_000_000 };

export type NewMediaRow = typeof media.$inferInsert;

/**
 * The insert of media rows that writes each only while its owner stays within the quota, in one
 * statement: the owners' rows are locked (in id order, so two such statements never wait for each other
 * in a circle; FOR NO KEY UPDATE, the lock the trigger's own update takes, so that rows which only refer
 * to an owner, as an answer's photos do, are written meanwhile) and their counts checked, each row counted
 * after the rows of its owner before it in `rows`; a concurrent store of the same owner waits for the lock, then checks the counts this insert
 * raised (the trigger updates them in the same transaction). A query, run alone or inside a larger
 * statement (as a CTE); it returns the rows written, none of those over the quota.
 */
export function mediaInsertWithinQuota(db: Executor, rows: NewMediaRow[]) {
  const columns = Object.values(getTableColumns(media)).map((column) => sql.identifier(column.name));
  const owners = [...new Set(rows.map((row) => row.ownerId))];
  return db
    .insert(media)
    .select(
      sql`select ${sql.join(
        columns.map((column) => sql`given.${column}`),
        sql`, `,
      )}
      from (
        select v.*, row_number() over owner_rows as nth, sum(v.size_bytes) over owner_rows as bytes_so_far
          from (values ${sql.join(
            rows.map((row, i) => sql`(${i}::int, ${selectList(row)})`),
            sql`, `,
          )}) as v(ord, ${sql.join(columns, sql`, `)})
        window owner_rows as (partition by v.owner_id order by v.ord)
      ) given
      join (
        select ${users.id} as id, ${users.mediaFiles} as files, ${users.mediaBytes} as bytes from ${users}
         where ${users.id} in (${sql.join(
           owners.map((id) => sql`${id}::uuid`),
           sql`, `,
         )})
         order by ${users.id}
           for no key update
      ) owner on owner.id = given.owner_id
      where owner.files + given.nth <= ${MEDIA_QUOTA.files}
        and owner.bytes + given.bytes_so_far <= ${MEDIA_QUOTA.bytes}`,
    )
    .returning();
}

/**
 * The values of a media row as a list in the table's column order (an INSERT ... SELECT names every
 * column): each given value as a typed parameter, else the column's default.
 */
function selectList(values: NewMediaRow) {
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
  values: Pick<MediaRow, 'storageKey' | 'contentType' | 'sizeBytes' | 'sha256' | 'width' | 'height'> &
    Partial<Pick<MediaRow, 'fingerprint'>>,
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

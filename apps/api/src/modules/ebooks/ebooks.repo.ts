import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { ebookPages, ebooks, registrations } from '../../db/schema.ts';

export async function ebooksOfCompetition(db: Executor, competitionId: string) {
  return db
    .select()
    .from(ebooks)
    .where(eq(ebooks.competitionId, competitionId))
    .orderBy(asc(ebooks.position));
}

/** The e-books of every competition in which the user's registration is approved. */
export async function ebooksForApprovedUser(db: Executor, userId: string) {
  const approvedIn = db
    .select({ id: registrations.competitionId })
    .from(registrations)
    .where(and(eq(registrations.userId, userId), eq(registrations.status, 'approved')));
  return db
    .select()
    .from(ebooks)
    .where(inArray(ebooks.competitionId, approvedIn))
    .orderBy(asc(ebooks.position), asc(ebooks.createdAt));
}

export async function findEbookPage(db: Executor, ebookId: string, page: number) {
  const [row] = await db
    .select({ page: ebookPages, competitionId: ebooks.competitionId })
    .from(ebookPages)
    .innerJoin(ebooks, eq(ebooks.id, ebookPages.ebookId))
    .where(and(eq(ebookPages.ebookId, ebookId), eq(ebookPages.page, page)))
    .limit(1);
  return row;
}

export async function isApprovedIn(db: Executor, userId: string, competitionId: string) {
  const [row] = await db
    .select({ id: registrations.id })
    .from(registrations)
    .where(
      and(
        eq(registrations.userId, userId),
        eq(registrations.competitionId, competitionId),
        eq(registrations.status, 'approved'),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertEbook(db: Executor, values: typeof ebooks.$inferInsert) {
  const [row] = await db.insert(ebooks).values(values).returning();
  if (!row) throw new Error('e-book not written');
  return row;
}

export async function insertEbookPages(db: Executor, rows: Array<typeof ebookPages.$inferInsert>) {
  if (rows.length > 0) await db.insert(ebookPages).values(rows);
}

export type EbookRow = typeof ebooks.$inferSelect;
export type EbookPageRow = typeof ebookPages.$inferSelect;

export async function findEbook(db: Executor, id: string) {
  const [row] = await db.select().from(ebooks).where(eq(ebooks.id, id)).limit(1);
  return row;
}

/** The e-book's row, locked until the transaction ends: page changes to one book happen one at a time. */
export async function lockEbook(db: Executor, id: string) {
  const [row] = await db.select().from(ebooks).where(eq(ebooks.id, id)).for('update');
  return row;
}

/** The pages of some e-books, in order (for the page count and the versions of their addresses). */
export async function pagesOf(db: Executor, ebookIds: string[]) {
  if (ebookIds.length === 0) return [];
  return db
    .select()
    .from(ebookPages)
    .where(inArray(ebookPages.ebookId, ebookIds))
    .orderBy(asc(ebookPages.ebookId), asc(ebookPages.page));
}

export async function updateEbook(
  db: Executor,
  id: string,
  values: Partial<Pick<EbookRow, 'title' | 'description' | 'position' | 'thumbnailKey'>>,
) {
  const [row] = await db.update(ebooks).set(values).where(eq(ebooks.id, id)).returning();
  return row;
}

/** Removes an e-book; its pages go with it (cascade). */
export async function deleteEbook(db: Executor, id: string) {
  const [row] = await db.delete(ebooks).where(eq(ebooks.id, id)).returning();
  return row;
}

/**
 * Writes an e-book's pages anew, numbered 1 to n in the given order (after a move or a removal).
 * Delete and insert, because renumbering in place would collide with the (ebook, page) key.
 */
export async function rewritePages(
  db: Executor,
  ebookId: string,
  pages: Array<Pick<EbookPageRow, 'storageKey' | 'sha256' | 'sizeBytes'>>,
) {
  await db.delete(ebookPages).where(eq(ebookPages.ebookId, ebookId));
  await insertEbookPages(
    db,
    pages.map((page, index) => ({ ...page, ebookId, page: index + 1 })),
  );
}

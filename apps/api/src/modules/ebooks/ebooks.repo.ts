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

export async function pageCounts(db: Executor, ebookIds: string[]) {
  if (ebookIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ ebookId: ebookPages.ebookId, page: ebookPages.page })
    .from(ebookPages)
    .where(inArray(ebookPages.ebookId, ebookIds));
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(row.ebookId, Math.max(counts.get(row.ebookId) ?? 0, row.page));
  return counts;
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

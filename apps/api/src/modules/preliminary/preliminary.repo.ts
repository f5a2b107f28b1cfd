import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { preliminaryResults } from '../../db/schema.ts';

export type PreliminaryRow = typeof preliminaryResults.$inferSelect;

export async function findPreliminaryResult(db: Executor, competitionId: string, email: string) {
  const [row] = await db
    .select()
    .from(preliminaryResults)
    .where(
      and(
        eq(preliminaryResults.competitionId, competitionId),
        eq(preliminaryResults.email, email.toLowerCase()),
      ),
    )
    .limit(1);
  return row;
}

/** Inserts or replaces results by e-mail (a corrected file can be imported again). */
export async function upsertPreliminaryResults(
  db: Executor,
  rows: Array<typeof preliminaryResults.$inferInsert>,
) {
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insert(preliminaryResults)
      .values(rows.slice(i, i + 500))
      .onConflictDoUpdate({
        target: [preliminaryResults.competitionId, preliminaryResults.email],
        set: {
          name: sql`excluded.name`,
          category: sql`excluded.category`,
          score: sql`excluded.score`,
          total: sql`excluded.total`,
          qualified: sql`excluded.qualified`,
          importedAt: sql`excluded.imported_at`,
        },
      });
  }
}

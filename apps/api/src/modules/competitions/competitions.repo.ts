import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { competitions, finalRoundDetails } from '../../db/schema.ts';

export type CompetitionRow = typeof competitions.$inferSelect;

export async function findCompetitionByCode(db: Executor, code: string) {
  const [row] = await db.select().from(competitions).where(eq(competitions.code, code)).limit(1);
  return row;
}

export async function findCompetitionById(db: Executor, id: string) {
  const [row] = await db.select().from(competitions).where(eq(competitions.id, id)).limit(1);
  return row;
}

export async function findFinalRoundDetails(db: Executor, competitionId: string, category: string) {
  const [row] = await db
    .select()
    .from(finalRoundDetails)
    .where(and(eq(finalRoundDetails.competitionId, competitionId), eq(finalRoundDetails.category, category)))
    .limit(1);
  return row;
}

export async function writeFinalRoundDetails(db: Executor, values: typeof finalRoundDetails.$inferInsert) {
  const { competitionId, category, ...changes } = values;
  const [row] = await db
    .insert(finalRoundDetails)
    .values(values)
    .onConflictDoUpdate({
      target: [finalRoundDetails.competitionId, finalRoundDetails.category],
      set: changes,
    })
    .returning();
  if (!row) throw new Error('final-round details not written');
  return row;
}

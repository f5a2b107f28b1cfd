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

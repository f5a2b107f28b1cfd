import type { Category } from '@ngso/shared/constants';
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { competitions, finalRoundDetails, resultPublications } from '../../db/schema.ts';

import type { CompetitionRow } from './competition.ts';

export type { CompetitionRow };

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

export async function listCompetitions(db: Executor) {
  return db.select().from(competitions).orderBy(asc(competitions.createdAt), asc(competitions.code));
}

/** Inserts a competition; `undefined` when the code is taken. */
export async function insertCompetition(db: Executor, values: typeof competitions.$inferInsert) {
  const [row] = await db.insert(competitions).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateCompetition(
  db: Executor,
  id: string,
  values: Partial<typeof competitions.$inferInsert>,
) {
  const [row] = await db.update(competitions).set(values).where(eq(competitions.id, id)).returning();
  if (!row) throw new Error('competition vanished during update');
  return row;
}

/** Whether any category of the competition has published results. */
/** The categories of a competition whose results are published. */
export async function publishedCategories(db: Executor, competitionId: string) {
  const rows = await db
    .select({ category: resultPublications.category })
    .from(resultPublications)
    .where(eq(resultPublications.competitionId, competitionId));
  return rows.map((row) => row.category as Category);
}

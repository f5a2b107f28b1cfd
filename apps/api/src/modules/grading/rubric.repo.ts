import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { marks, rubricItems, secondMarks } from '../../db/schema.ts';

export type RubricItemRow = typeof rubricItems.$inferSelect;

export async function rubricOf(db: Executor, questionId: string) {
  return db
    .select()
    .from(rubricItems)
    .where(eq(rubricItems.questionId, questionId))
    .orderBy(asc(rubricItems.position), asc(rubricItems.id));
}

export async function findRubricItem(db: Executor, id: string) {
  const [row] = await db.select().from(rubricItems).where(eq(rubricItems.id, id)).limit(1);
  return row;
}

export async function insertRubricItem(db: Executor, values: typeof rubricItems.$inferInsert) {
  const [row] = await db.insert(rubricItems).values(values).returning();
  if (!row) throw new Error('rubric item not written');
  return row;
}

export async function updateRubricItem(db: Executor, id: string, changes: { text: string; points: number }) {
  const [row] = await db.update(rubricItems).set(changes).where(eq(rubricItems.id, id)).returning();
  return row;
}

export async function deleteRubricItem(db: Executor, id: string) {
  await db.delete(rubricItems).where(eq(rubricItems.id, id));
}

const ticks = (
  column: typeof marks.graderRubric | typeof marks.overrideRubric | typeof secondMarks.rubric,
  itemId: string,
) => sql`${column} -> 'items' @> ${JSON.stringify([itemId])}::jsonb`;

/** The marks of a question whose grader's or override's rubric ticked this item. */
export async function marksTicking(db: Executor, questionId: string, itemId: string) {
  return db
    .select()
    .from(marks)
    .where(
      and(
        eq(marks.questionId, questionId),
        or(ticks(marks.graderRubric, itemId), ticks(marks.overrideRubric, itemId)),
      ),
    );
}

export async function setRubricMarks(
  db: Executor,
  key: { userId: string; questionId: string },
  changes: { graderMarks?: number; overrideMarks?: number },
) {
  await db
    .update(marks)
    .set(changes)
    .where(and(eq(marks.userId, key.userId), eq(marks.questionId, key.questionId)));
}

/** The second marks of a question whose rubric ticked this item. */
export async function secondMarksTicking(db: Executor, questionId: string, itemId: string) {
  return db
    .select()
    .from(secondMarks)
    .where(and(eq(secondMarks.questionId, questionId), ticks(secondMarks.rubric, itemId)));
}

export async function setSecondRubricMarks(
  db: Executor,
  key: { userId: string; questionId: string },
  given: number,
) {
  await db
    .update(secondMarks)
    .set({ marks: given })
    .where(and(eq(secondMarks.userId, key.userId), eq(secondMarks.questionId, key.questionId)));
}

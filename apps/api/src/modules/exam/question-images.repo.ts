import { and, asc, eq, inArray, isNull, lt, notInArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { questionImages, questions } from '../../db/schema.ts';
import type { QuestionRow } from './exam.repo.ts';

export type QuestionImageRow = typeof questionImages.$inferSelect;

/** A question with its diagrams in order: what every reader of a question as students see it needs. */
export type QuestionWithImages = QuestionRow & { images: QuestionImageRow[] };

export async function insertQuestionImage(db: Executor, values: typeof questionImages.$inferInsert) {
  const [row] = await db.insert(questionImages).values(values).returning();
  if (!row) throw new Error('question image not written');
  return row;
}

export async function findQuestionImage(db: Executor, id: string) {
  const [row] = await db
    .select({ image: questionImages, competitionId: questions.competitionId, category: questions.category })
    .from(questionImages)
    .leftJoin(questions, eq(questions.id, questionImages.questionId))
    .where(eq(questionImages.id, id))
    .limit(1);
  return row;
}

export async function imagesByIds(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select().from(questionImages).where(inArray(questionImages.id, ids));
}

/** The questions' diagrams, each question's in order. */
export async function imagesOfQuestions(db: Executor, questionIds: readonly string[]) {
  const byQuestion = new Map<string, QuestionImageRow[]>();
  if (questionIds.length === 0) return byQuestion;
  const rows = await db
    .select()
    .from(questionImages)
    .where(inArray(questionImages.questionId, [...questionIds]))
    .orderBy(asc(questionImages.questionId), asc(questionImages.position));
  for (const row of rows) {
    const list = byQuestion.get(row.questionId ?? '') ?? [];
    list.push(row);
    byQuestion.set(row.questionId ?? '', list);
  }
  return byQuestion;
}

/** The rows with their diagrams attached (one more query for all of them). */
export async function withImages(db: Executor, rows: readonly QuestionRow[]): Promise<QuestionWithImages[]> {
  const images = await imagesOfQuestions(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, images: images.get(row.id) ?? [] }));
}

/** Names the question's diagrams, in order, with their texts; detaches (and answers) those no longer named. */
export async function setQuestionImages(
  tx: Executor,
  questionId: string,
  list: readonly { id: string; altEnglish: string; altBangla: string }[],
) {
  const kept = list.map((image) => image.id);
  const dropped = await tx
    .delete(questionImages)
    .where(and(eq(questionImages.questionId, questionId), notInArray(questionImages.id, kept)))
    .returning();
  for (const [index, image] of list.entries()) {
    await tx
      .update(questionImages)
      .set({
        questionId,
        position: index + 1,
        altEnglish: image.altEnglish,
        altBangla: image.altBangla,
      })
      .where(eq(questionImages.id, image.id));
  }
  return dropped;
}

/** Uploads no question named within a day: the editor was left without saving. Answers the removed rows. */
export async function deleteUnattachedImages(db: Executor, createdBefore: Date) {
  return db
    .delete(questionImages)
    .where(and(isNull(questionImages.questionId), lt(questionImages.createdAt, createdBefore)))
    .returning();
}

export async function imagesOfQuestion(db: Executor, questionId: string) {
  return db.select().from(questionImages).where(eq(questionImages.questionId, questionId));
}

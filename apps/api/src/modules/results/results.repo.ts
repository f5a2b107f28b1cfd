import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { answers, examAttempts, marks, registrations, resultPublications, users } from '../../db/schema.ts';
import { isParticipant } from './participants.ts';

export type MarkRow = typeof marks.$inferSelect;

/** The registrants of a category that meet a condition, with their user id, name, roll number and certificate's details. */
function registrantsOfCategory(db: Executor, competitionId: string, category: string, condition: SQL) {
  return db
    .select({
      userId: registrations.userId,
      name: registrations.name,
      rollNumber: registrations.rollNumber,
      institution: registrations.institution,
      certificateCode: registrations.certificateCode,
      email: users.email,
      language: users.language,
    })
    .from(registrations)
    .innerJoin(users, eq(users.id, registrations.userId))
    .where(
      and(eq(registrations.competitionId, competitionId), eq(registrations.category, category), condition),
    );
}

/** The approved registrants of a category. */
export async function approvedRegistrants(db: Executor, competitionId: string, category: string) {
  return registrantsOfCategory(db, competitionId, category, eq(registrations.status, 'approved'));
}

/** The participants of a category's exam (participants.ts says who they are). */
export async function participantsOf(db: Executor, competitionId: string, category: string) {
  return registrantsOfCategory(db, competitionId, category, isParticipant);
}

export async function answersOfQuestions(db: Executor, questionIds: string[]) {
  if (questionIds.length === 0) return [];
  return db.select().from(answers).where(inArray(answers.questionId, questionIds));
}

export async function marksOfQuestions(db: Executor, questionIds: string[]) {
  if (questionIds.length === 0) return [];
  return db.select().from(marks).where(inArray(marks.questionId, questionIds));
}

export async function attemptsOf(db: Executor, competitionId: string) {
  return db.select().from(examAttempts).where(eq(examAttempts.competitionId, competitionId));
}

export async function findMark(db: Executor, userId: string, questionId: string) {
  const [row] = await db
    .select()
    .from(marks)
    .where(and(eq(marks.userId, userId), eq(marks.questionId, questionId)))
    .limit(1);
  return row;
}

export async function writeMark(db: Executor, values: typeof marks.$inferInsert) {
  const { userId, questionId, ...changes } = values;
  const [row] = await db
    .insert(marks)
    .values(values)
    .onConflictDoUpdate({ target: [marks.userId, marks.questionId], set: changes })
    .returning();
  if (!row) throw new Error('mark not written');
  return row;
}

export async function findPublication(db: Executor, competitionId: string, category: string) {
  const [row] = await db
    .select()
    .from(resultPublications)
    .where(
      and(eq(resultPublications.competitionId, competitionId), eq(resultPublications.category, category)),
    )
    .limit(1);
  return row;
}

/**
 * Serialises, until the transaction ends, the writes that depend on whether a category is published (a
 * grader's mark, the publication itself): a mark checked against "not published" cannot land after it.
 */
export async function lockCategoryResults(db: Executor, competitionId: string, category: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`results/${competitionId}/${category}`}))`);
}

/**
 * The same lock, shared: marks given at once by a team of graders do not wait for each other, yet none
 * lands across a publication or a rubric's regrade (both take the lock alone, lockCategoryResults).
 */
export async function lockCategoryResultsShared(db: Executor, competitionId: string, category: string) {
  await db.execute(
    sql`select pg_advisory_xact_lock_shared(hashtext(${`results/${competitionId}/${category}`}))`,
  );
}

export async function insertPublication(db: Executor, values: typeof resultPublications.$inferInsert) {
  const [row] = await db.insert(resultPublications).values(values).onConflictDoNothing().returning();
  return row;
}

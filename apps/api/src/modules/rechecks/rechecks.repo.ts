import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import {
  answers,
  marks,
  questions,
  recheckSettings,
  rechecks,
  registrations,
  users,
} from '../../db/schema.ts';

export type RecheckRow = typeof rechecks.$inferSelect;

export async function findRecheckSettings(db: Executor, competitionId: string) {
  const [row] = await db
    .select()
    .from(recheckSettings)
    .where(eq(recheckSettings.competitionId, competitionId))
    .limit(1);
  return row;
}

export async function writeRecheckSettings(db: Executor, values: typeof recheckSettings.$inferInsert) {
  const { competitionId: _competitionId, ...changes } = values;
  const [row] = await db
    .insert(recheckSettings)
    .values(values)
    .onConflictDoUpdate({ target: recheckSettings.competitionId, set: changes })
    .returning();
  return row;
}

/** A student's re-checks in a competition, with their questions' positions, by question. */
export function rechecksOfStudent(db: Executor, competitionId: string, userId: string) {
  return db
    .select({ recheck: rechecks, position: questions.position })
    .from(rechecks)
    .innerJoin(questions, eq(questions.id, rechecks.questionId))
    .where(and(eq(rechecks.competitionId, competitionId), eq(rechecks.userId, userId)))
    .orderBy(asc(questions.position));
}

/**
 * The questions a student asks to have re-checked, each with the photos of their answer and their mark
 * (null when they sent none or it is not marked), in one query; ids of no question are simply absent.
 */
export function questionsWithAnswerAndMark(db: Executor, userId: string, questionIds: string[]) {
  if (questionIds.length === 0) return Promise.resolve([]);
  return db
    .select({ question: questions, images: answers.images, mark: marks })
    .from(questions)
    .leftJoin(answers, and(eq(answers.questionId, questions.id), eq(answers.userId, userId)))
    .leftJoin(marks, and(eq(marks.questionId, questions.id), eq(marks.userId, userId)))
    .where(inArray(questions.id, questionIds));
}

export async function insertRechecks(db: Executor, values: (typeof rechecks.$inferInsert)[]) {
  return db.insert(rechecks).values(values).onConflictDoNothing().returning();
}

const student = alias(users, 'student');
const firstGrader = alias(users, 'first_grader');
const secondGrader = alias(users, 'second_grader');

/** The organisers' queue: each re-check with the student, the question, who marked it first and who re-checks. */
export function recheckQueue(db: Executor, filter: { competitionId: string; status?: string; id?: string }) {
  const conditions: SQL[] = [eq(rechecks.competitionId, filter.competitionId)];
  if (filter.status) conditions.push(eq(rechecks.status, filter.status as RecheckRow['status']));
  if (filter.id) conditions.push(eq(rechecks.id, filter.id));
  return db
    .select({
      recheck: rechecks,
      name: student.name,
      rollNumber: registrations.rollNumber,
      category: questions.category,
      position: questions.position,
      firstGraderId: marks.graderId,
      firstGrader: firstGrader.name,
      grader: secondGrader.name,
    })
    .from(rechecks)
    .innerJoin(student, eq(student.id, rechecks.userId))
    .innerJoin(questions, eq(questions.id, rechecks.questionId))
    .leftJoin(
      registrations,
      and(eq(registrations.competitionId, rechecks.competitionId), eq(registrations.userId, rechecks.userId)),
    )
    .leftJoin(marks, and(eq(marks.userId, rechecks.userId), eq(marks.questionId, rechecks.questionId)))
    .leftJoin(firstGrader, eq(firstGrader.id, marks.graderId))
    .leftJoin(secondGrader, eq(secondGrader.id, rechecks.graderId))
    .where(and(...conditions))
    .orderBy(asc(rechecks.requestedAt), asc(questions.position));
}

export async function findRecheck(db: Executor, id: string) {
  const [row] = await db.select().from(rechecks).where(eq(rechecks.id, id)).limit(1);
  return row;
}

/** Changes a re-check only while it is in the status the caller read (undefined when it moved on meanwhile). */
export async function updateRecheck(
  db: Executor,
  id: string,
  fromStatus: RecheckRow['status'],
  values: Partial<typeof rechecks.$inferInsert>,
) {
  const [row] = await db
    .update(rechecks)
    .set(values)
    .where(and(eq(rechecks.id, id), eq(rechecks.status, fromStatus)))
    .returning();
  return row;
}

/** The undecided re-checks assigned to a grader, with their questions. */
export function rechecksAssignedTo(db: Executor, graderId: string) {
  return db
    .select({ recheck: rechecks, question: questions, images: answers.images })
    .from(rechecks)
    .innerJoin(questions, eq(questions.id, rechecks.questionId))
    .leftJoin(answers, and(eq(answers.userId, rechecks.userId), eq(answers.questionId, rechecks.questionId)))
    .where(and(eq(rechecks.graderId, graderId), eq(rechecks.status, 'assigned')))
    .orderBy(asc(rechecks.assignedAt));
}

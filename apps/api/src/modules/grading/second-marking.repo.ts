import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { marks, questions, type RubricChoice, secondMarking, secondMarks, users } from '../../db/schema.ts';

type Rows<T> = { rows: T[] };

export type SecondMarkingRow = typeof secondMarking.$inferSelect;
export type SecondMarkRow = typeof secondMarks.$inferSelect;

/** Second marking is off (0 %, no margin) and the tolerance 1 mark until organisers set it. */
export const DEFAULT_SECOND_MARKING = { samplePercent: 0, tolerance: 1, nearCutoff: 0 };

export async function settingsOfQuestions(db: Executor, questionIds: string[]) {
  if (questionIds.length === 0) return [];
  return db.select().from(secondMarking).where(inArray(secondMarking.questionId, questionIds));
}

/**
 * Whether second marking is on for a question (a sample or a margin), on its `second_marking` row (joined;
 * none is off): second marks of its answers are blind, so a grader is not shown another grader's first mark.
 */
const markedTwice = sql<boolean>`coalesce(${secondMarking.samplePercent} > 0 or ${secondMarking.nearCutoff} > 0, false)`;

/** The questions among these whose second marking is on (markedTwice). */
export async function questionsMarkedTwice(db: Executor, questionIds: string[]) {
  if (questionIds.length === 0) return new Set<string>();
  const rows = await db
    .select({ questionId: secondMarking.questionId })
    .from(secondMarking)
    .where(and(inArray(secondMarking.questionId, questionIds), markedTwice));
  return new Set(rows.map((row) => row.questionId));
}

/** A question with whether its second marking is on (markedTwice), in one read; undefined when none. */
export async function findQuestionWithMarkedTwice(db: Executor, questionId: string) {
  const [row] = await db
    .select({ question: questions, markedTwice })
    .from(questions)
    .leftJoin(secondMarking, eq(secondMarking.questionId, questions.id))
    .where(eq(questions.id, questionId))
    .limit(1);
  return row && { ...row.question, markedTwice: Boolean(row.markedTwice) };
}

export async function writeSettings(db: Executor, values: typeof secondMarking.$inferInsert) {
  const { questionId, ...changes } = values;
  const [row] = await db
    .insert(secondMarking)
    .values(values)
    .onConflictDoUpdate({ target: secondMarking.questionId, set: changes })
    .returning();
  return row as SecondMarkingRow;
}

/** A question's first marks (by a grader) with the answer's second mark or hold, if any. */
export async function firstMarksWithSeconds(db: Executor, questionId: string) {
  return db
    .select({
      userId: marks.userId,
      firstGrader: marks.graderId,
      firstMarks: marks.graderMarks,
      second: secondMarks,
    })
    .from(marks)
    .leftJoin(
      secondMarks,
      and(eq(secondMarks.userId, marks.userId), eq(secondMarks.questionId, marks.questionId)),
    )
    .where(and(eq(marks.questionId, questionId), sql`${marks.graderMarks} is not null`));
}

/**
 * Takes the second grader's hold on an answer, atomically: a new row, or a hold (never a mark) that ran out
 * or is already theirs. Undefined when another second grader holds it or it was second-marked.
 */
export async function takeSecondClaim(
  db: Executor,
  values: { userId: string; questionId: string; graderId: string; now: Date; until: Date },
) {
  const [row] = await db
    .insert(secondMarks)
    .values({
      userId: values.userId,
      questionId: values.questionId,
      graderId: values.graderId,
      claimedUntil: values.until,
    })
    .onConflictDoUpdate({
      target: [secondMarks.userId, secondMarks.questionId],
      set: { graderId: values.graderId, claimedUntil: values.until },
      setWhere: sql`${secondMarks.marks} is null and (${secondMarks.claimedUntil} <= ${values.now.toISOString()}::timestamptz or ${secondMarks.graderId} = ${values.graderId})`,
    })
    .returning();
  return row;
}

/** Gives back this grader's other second-mark holds on the question (one at a time). */
export async function releaseOtherSecondClaims(
  db: Executor,
  questionId: string,
  graderId: string,
  keep: string,
) {
  await db
    .delete(secondMarks)
    .where(
      and(
        eq(secondMarks.questionId, questionId),
        eq(secondMarks.graderId, graderId),
        isNull(secondMarks.marks),
        ne(secondMarks.userId, keep),
      ),
    );
}

type HoldKey = { userId: string; questionId: string; graderId: string };

/** This grader's hold on an answer, while it has no mark yet. */
const heldBy = (key: HoldKey) =>
  and(
    eq(secondMarks.userId, key.userId),
    eq(secondMarks.questionId, key.questionId),
    eq(secondMarks.graderId, key.graderId),
    isNull(secondMarks.marks),
  );

/** Renews this grader's second-mark hold (never one with a mark); undefined when it is no longer theirs. */
export async function renewSecondClaim(db: Executor, key: HoldKey, until: Date) {
  const [row] = await db.update(secondMarks).set({ claimedUntil: until }).where(heldBy(key)).returning();
  return row;
}

/** Gives back this grader's second-mark hold (nothing when it is not theirs or it has its mark). */
export async function releaseSecondClaim(db: Executor, key: HoldKey) {
  await db.delete(secondMarks).where(heldBy(key));
}

/** Writes the second mark on this grader's hold; undefined when the hold is no longer theirs. */
export async function writeSecondMark(
  db: Executor,
  key: HoldKey,
  values: { marks: number; rubric: RubricChoice | null; comment: string | null; gradedAt: Date },
) {
  const [row] = await db.update(secondMarks).set(values).where(heldBy(key)).returning();
  return row;
}

export async function findSecondMark(db: Executor, userId: string, questionId: string) {
  const [row] = await db
    .select()
    .from(secondMarks)
    .where(and(eq(secondMarks.userId, userId), eq(secondMarks.questionId, questionId)))
    .limit(1);
  return row;
}

export async function markSettled(
  db: Executor,
  key: { userId: string; questionId: string },
  by: string,
  at: Date,
) {
  await db
    .update(secondMarks)
    .set({ settledBy: by, settledAt: at })
    .where(and(eq(secondMarks.userId, key.userId), eq(secondMarks.questionId, key.questionId)));
}

const idList = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/**
 * Each pair of a first and a second mark of these questions, with whether they agree within the question's
 * tolerance: the source of disagreements and of each grader's agreement.
 */
export async function markPairs(db: Executor, questionIds: string[]) {
  if (questionIds.length === 0) return [];
  const result = (await db.execute(sql`
    select s.user_id as "userId", s.question_id as "questionId",
           m.grader_id as "firstGrader", m.grader_marks as "firstMarks",
           s.grader_id as "secondGrader", s.marks as "secondMarks",
           coalesce(t.tolerance, ${DEFAULT_SECOND_MARKING.tolerance}) as tolerance,
           s.settled_at as "settledAt"
      from ${secondMarks} s
      join ${marks} m on m.user_id = s.user_id and m.question_id = s.question_id
      left join ${secondMarking} t on t.question_id = s.question_id
     where s.question_id in (${idList(questionIds)}) and s.marks is not null and m.grader_marks is not null
  `)) as unknown as Rows<{
    userId: string;
    questionId: string;
    firstGrader: string | null;
    firstMarks: number;
    secondGrader: string;
    secondMarks: number;
    tolerance: number;
    settledAt: Date | string | null;
  }>;
  return result.rows.map((row) => {
    const firstMarks = Number(row.firstMarks);
    const secondMarks = Number(row.secondMarks);
    const tolerance = Number(row.tolerance);
    return {
      ...row,
      firstMarks,
      secondMarks,
      tolerance,
      agree: Math.abs(firstMarks - secondMarks) <= tolerance,
      settled: row.settledAt != null,
    };
  });
}

export async function namesOf(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids));
}

import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  answers,
  examAttempts,
  exams,
  media,
  questions,
  registrations,
  sessions,
  users,
} from '../../db/schema.ts';

export type ExamRow = typeof exams.$inferSelect;
export type QuestionRow = typeof questions.$inferSelect;
export type AnswerRow = typeof answers.$inferSelect;
export type AttemptRow = typeof examAttempts.$inferSelect;

export async function findExam(db: Executor, competitionId: string, category: string) {
  const [row] = await db
    .select()
    .from(exams)
    .where(and(eq(exams.competitionId, competitionId), eq(exams.category, category)))
    .limit(1);
  return row;
}

/** Sets a category's window, scheduling it when a new competition has none yet. */
export async function writeExamWindow(
  db: Executor,
  competitionId: string,
  category: string,
  startsAt: Date,
  endsAt: Date,
) {
  const [row] = await db
    .insert(exams)
    .values({ competitionId, category, startsAt, endsAt })
    .onConflictDoUpdate({ target: [exams.competitionId, exams.category], set: { startsAt, endsAt } })
    .returning();
  if (!row) throw new Error('exam window not written');
  return row;
}

export async function questionsOf(db: Executor, competitionId: string, category: string) {
  return db
    .select()
    .from(questions)
    .where(and(eq(questions.competitionId, competitionId), eq(questions.category, category)))
    .orderBy(asc(questions.position), asc(questions.id));
}

export async function findAttempt(db: Executor, competitionId: string, userId: string) {
  const [row] = await db
    .select()
    .from(examAttempts)
    .where(and(eq(examAttempts.competitionId, competitionId), eq(examAttempts.userId, userId)))
    .limit(1);
  return row;
}

/**
 * A student's registration (status, category) and exam attempt (extra minutes, submission) in one query;
 * undefined without a registration. The attempt's fields are null when the student has none yet.
 */
export async function findEntrant(db: Executor, competitionId: string, userId: string) {
  const [row] = await db
    .select({
      status: registrations.status,
      category: registrations.category,
      extraMinutes: examAttempts.extraMinutes,
      submittedAt: examAttempts.submittedAt,
    })
    .from(registrations)
    .leftJoin(
      examAttempts,
      and(
        eq(examAttempts.competitionId, registrations.competitionId),
        eq(examAttempts.userId, registrations.userId),
      ),
    )
    .where(and(eq(registrations.competitionId, competitionId), eq(registrations.userId, userId)))
    .limit(1);
  return row;
}

/** A student's entry to a competition's exam, as findEntrant reads it. */
export type Entrant = NonNullable<Awaited<ReturnType<typeof findEntrant>>>;

/**
 * Sessions and their users with, in the same query, each user's entry to a competition's exam (null
 * without a registration): what every exam call needs before it can answer. By token hash, for many
 * lookups at once (exam.service.ts batches them).
 */
export async function findSessionsWithEntrants(db: Executor, tokenHashes: string[], competitionId: string) {
  const rows = await db
    .select({
      session: sessions,
      user: users,
      status: registrations.status,
      category: registrations.category,
      extraMinutes: examAttempts.extraMinutes,
      submittedAt: examAttempts.submittedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(
      registrations,
      and(eq(registrations.competitionId, competitionId), eq(registrations.userId, sessions.userId)),
    )
    .leftJoin(
      examAttempts,
      and(eq(examAttempts.competitionId, competitionId), eq(examAttempts.userId, sessions.userId)),
    )
    .where(inArray(sessions.tokenHash, tokenHashes));
  return new Map(
    rows.map(({ session, user, status, category, extraMinutes, submittedAt }) => {
      const entrant: Entrant | null =
        status === null || category === null ? null : { status, category, extraMinutes, submittedAt };
      return [session.tokenHash, { session, user, entrant }];
    }),
  );
}

/** Records the submission time once: a second submit keeps the first time. */
export async function recordSubmission(db: Executor, competitionId: string, userId: string, at: Date) {
  await db
    .insert(examAttempts)
    .values({ competitionId, userId, submittedAt: at })
    .onConflictDoUpdate({
      target: [examAttempts.competitionId, examAttempts.userId],
      set: { submittedAt: sql`coalesce(${examAttempts.submittedAt}, excluded.submitted_at)` },
    });
  return findAttempt(db, competitionId, userId);
}

export async function setExtraMinutes(db: Executor, competitionId: string, userId: string, minutes: number) {
  await db
    .insert(examAttempts)
    .values({ competitionId, userId, extraMinutes: minutes })
    .onConflictDoUpdate({
      target: [examAttempts.competitionId, examAttempts.userId],
      set: { extraMinutes: minutes },
    });
}

export async function answersOf(db: Executor, userId: string, questionIds: string[]) {
  if (questionIds.length === 0) return [];
  return db
    .select()
    .from(answers)
    .where(and(eq(answers.userId, userId), inArray(answers.questionId, questionIds)));
}

/** Every answer of each of these students, by student (for many lookups at once: exam.service.ts). */
export async function answersOfUsers(db: Executor, userIds: string[]) {
  const rows = await db.select().from(answers).where(inArray(answers.userId, userIds));
  const byUser = new Map<string, AnswerRow[]>();
  for (const row of rows) {
    const list = byUser.get(row.userId);
    if (list) list.push(row);
    else byUser.set(row.userId, [row]);
  }
  return byUser;
}

export async function findAnswer(db: Executor, userId: string, questionId: string) {
  const [row] = await db
    .select()
    .from(answers)
    .where(and(eq(answers.userId, userId), eq(answers.questionId, questionId)))
    .limit(1);
  return row;
}

/** Writes the first version of an answer; undefined when another save got there first. */
export async function insertAnswer(db: Executor, values: typeof answers.$inferInsert) {
  const [row] = await db.insert(answers).values(values).onConflictDoNothing().returning();
  return row;
}

/** Replaces an answer only if it is still at the version read (optimistic concurrency). */
export async function replaceAnswer(
  db: Executor,
  current: AnswerRow,
  images: AnswerRow['images'],
  savedAt: Date,
) {
  const [row] = await db
    .update(answers)
    .set({ images, version: current.version + 1, savedAt })
    .where(
      and(
        eq(answers.userId, current.userId),
        eq(answers.questionId, current.questionId),
        eq(answers.version, current.version),
      ),
    )
    .returning();
  return row;
}

/** The user's own answer uploads among these ids, with the hash and size of the bytes they sent. */
export async function ownUploadsByIds(db: Executor, userId: string, mediaIds: string[]) {
  if (mediaIds.length === 0) return new Map<string, { sha256: string; size: number }>();
  const rows = await db
    .select({
      id: media.id,
      sha256: media.sha256,
      size: media.sizeBytes,
      sourceSha256: media.sourceSha256,
      sourceSize: media.sourceSize,
    })
    .from(media)
    .where(and(eq(media.ownerId, userId), eq(media.kind, 'upload'), inArray(media.id, mediaIds)));
  return new Map(
    rows.map((row) => [row.id, { sha256: row.sourceSha256 ?? row.sha256, size: row.sourceSize ?? row.size }]),
  );
}

export async function findQuestion(db: Executor, id: string) {
  const [row] = await db.select().from(questions).where(eq(questions.id, id)).limit(1);
  return row;
}

export async function insertQuestion(db: Executor, values: typeof questions.$inferInsert) {
  const [row] = await db.insert(questions).values(values).returning();
  if (!row) throw new Error('question not written');
  return row;
}

export async function updateQuestion(
  db: Executor,
  id: string,
  values: Partial<typeof questions.$inferInsert>,
) {
  const [row] = await db.update(questions).set(values).where(eq(questions.id, id)).returning();
  return row;
}

export async function deleteQuestion(db: Executor, id: string) {
  const [row] = await db.delete(questions).where(eq(questions.id, id)).returning();
  return row;
}

/** The exam windows of every competition in which the user is an approved entrant, with their extra minutes. */
export async function approvedExamWindowsOf(db: Executor, userId: string) {
  return db
    .select({
      startsAt: exams.startsAt,
      endsAt: exams.endsAt,
      extraMinutes: examAttempts.extraMinutes,
    })
    .from(registrations)
    .innerJoin(
      exams,
      and(eq(exams.competitionId, registrations.competitionId), eq(exams.category, registrations.category)),
    )
    .leftJoin(
      examAttempts,
      and(eq(examAttempts.competitionId, registrations.competitionId), eq(examAttempts.userId, userId)),
    )
    .where(and(eq(registrations.userId, userId), eq(registrations.status, 'approved')));
}

/** Writes the exam's paper key unless one exists; answers the key that stands. */
export async function setPaperKeyOnce(db: Executor, competitionId: string, category: string, key: string) {
  await db
    .update(exams)
    .set({ paperKey: key })
    .where(and(eq(exams.competitionId, competitionId), eq(exams.category, category), isNull(exams.paperKey)));
  const [row] = await db
    .select({ paperKey: exams.paperKey })
    .from(exams)
    .where(and(eq(exams.competitionId, competitionId), eq(exams.category, category)));
  if (!row?.paperKey) throw new Error('paper key not written');
  return row.paperKey;
}

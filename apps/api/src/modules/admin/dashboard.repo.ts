import { and, count, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { answers, examAttempts, marks, questions, registrations } from '../../db/schema.ts';

/** Counts of a competition's registrations grouped by one column. */
export async function registrationCounts(
  db: Executor,
  competitionId: string,
  by: 'status' | 'category' | 'division',
) {
  const column = {
    status: registrations.status,
    category: registrations.category,
    division: registrations.division,
  }[by];
  const rows = await db
    .select({ key: column, total: count() })
    .from(registrations)
    .where(eq(registrations.competitionId, competitionId))
    .groupBy(column);
  return Object.fromEntries(rows.map((row) => [row.key, row.total]));
}

/** During the exam: who has answered, who has submitted, who saved in the last minute. */
export async function examActivity(db: Executor, competitionId: string, since: Date) {
  const inCompetition = sql`${answers.questionId} in (select ${questions.id} from ${questions} where ${questions.competitionId} = ${competitionId})`;
  const [answered] = await db
    .select({ total: sql<number>`count(distinct ${answers.userId})::int` })
    .from(answers)
    .where(inCompetition);
  const [active] = await db
    .select({ total: sql<number>`count(distinct ${answers.userId})::int` })
    .from(answers)
    .where(and(inCompetition, gt(answers.savedAt, since)));
  const [submitted] = await db
    .select({ total: count() })
    .from(examAttempts)
    .where(and(eq(examAttempts.competitionId, competitionId), isNotNull(examAttempts.submittedAt)));
  return {
    answered: answered?.total ?? 0,
    submitted: submitted?.total ?? 0,
    active_last_minute: active?.total ?? 0,
  };
}

/** Per category: answers with images, and how many of them have marks. */
export async function gradingProgress(db: Executor, competitionId: string) {
  const rows = await db
    .select({
      category: questions.category,
      answers: sql<number>`count(*)::int`,
      graded: sql<number>`count(*) filter (where coalesce(${marks.overrideMarks}, ${marks.graderMarks}) is not null)::int`,
    })
    .from(answers)
    .innerJoin(questions, eq(questions.id, answers.questionId))
    .leftJoin(marks, and(eq(marks.userId, answers.userId), eq(marks.questionId, answers.questionId)))
    .where(and(eq(questions.competitionId, competitionId), sql`jsonb_array_length(${answers.images}) > 0`))
    .groupBy(questions.category);
  return Object.fromEntries(rows.map((row) => [row.category, { answers: row.answers, graded: row.graded }]));
}

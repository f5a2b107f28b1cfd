import { TIME_ZONE } from '@ngso/shared/constants';
import { and, count, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  answerPhotos,
  answers,
  examAttempts,
  exams,
  marks,
  questions,
  registrations,
} from '../../db/schema.ts';
import { isParticipant } from '../results/participants.ts';

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

/** Rows of a raw query (PGlite and node-postgres both answer with `rows`). */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Registrations per day of registering (a day in Dhaka), split by their status now. */
export async function registrationsPerDay(db: Executor, competitionId: string) {
  // The zone is written into the text (a constant): a parameter would make the select and the group by differ.
  const zone = sql.raw(`'${TIME_ZONE}'`);
  const day = sql<string>`to_char(${registrations.registeredAt} at time zone ${zone}, 'YYYY-MM-DD')`;
  return db
    .select({ day, status: registrations.status, total: count() })
    .from(registrations)
    .where(eq(registrations.competitionId, competitionId))
    .groupBy(day, registrations.status)
    .orderBy(day);
}

/** Approved registrations (the entrants of the final round) per division. */
export async function approvedByDivision(db: Executor, competitionId: string) {
  const rows = await db
    .select({ key: registrations.division, total: count() })
    .from(registrations)
    .where(and(eq(registrations.competitionId, competitionId), eq(registrations.status, 'approved')))
    .groupBy(registrations.division);
  return Object.fromEntries(rows.map((row) => [row.key, row.total]));
}

/**
 * Per payment method, the registrations that still count (pending or approved) and those of them that a
 * payment statement matched, with the amount the statement showed.
 */
export async function paymentsByMethod(db: Executor, competitionId: string) {
  return db
    .select({
      method: registrations.paymentMethod,
      registrations: sql<number>`count(*)::int`,
      matched: sql<number>`count(*) filter (where ${registrations.paymentMatchedAt} is not null)::int`,
      matchedBdt: sql<number>`coalesce(sum(${registrations.paymentMatchedAmount}) filter (where ${registrations.paymentMatchedAt} is not null), 0)::int`,
    })
    .from(registrations)
    .where(and(eq(registrations.competitionId, competitionId), sql`${registrations.status} <> 'rejected'`))
    .groupBy(registrations.paymentMethod);
}

/** The competition's exam windows, one per category, earliest first. */
export async function examWindows(db: Executor, competitionId: string) {
  return db
    .select({ category: exams.category, startsAt: exams.startsAt, endsAt: exams.endsAt })
    .from(exams)
    .where(eq(exams.competitionId, competitionId))
    .orderBy(exams.startsAt);
}

/** The most extra minutes any entrant of the competition was given (it moves the end of their window). */
export async function mostExtraMinutesOfCompetition(db: Executor, competitionId: string) {
  const [row] = await db
    .select({ minutes: sql<number>`coalesce(max(${examAttempts.extraMinutes}), 0)::int` })
    .from(examAttempts)
    .where(eq(examAttempts.competitionId, competitionId));
  return row?.minutes ?? 0;
}

/**
 * Exam activity between two instants in buckets of `bucketSeconds` from `from`: photos committed to
 * answers (every photo, when the server heard of it) and exams submitted. Empty buckets are left out.
 */
export async function activityTimeline(
  db: Executor,
  competitionId: string,
  from: Date,
  to: Date,
  bucketSeconds: number,
) {
  const result = await db.execute(sql`
    with events as (
      select p.committed_at as at, 'photo' as kind
        from ${answerPhotos} p
        join ${questions} q on q.id = p.question_id
       where q.competition_id = ${competitionId}
         and p.committed_at >= ${from.toISOString()}::timestamptz and p.committed_at < ${to.toISOString()}::timestamptz
      union all
      select a.submitted_at as at, 'submission' as kind
        from ${examAttempts} a
       where a.competition_id = ${competitionId}
         and a.submitted_at >= ${from.toISOString()}::timestamptz and a.submitted_at < ${to.toISOString()}::timestamptz
    )
    select floor(extract(epoch from (at - ${from.toISOString()}::timestamptz)) / ${bucketSeconds})::int as bucket,
           count(*) filter (where kind = 'photo')::int as photos,
           count(*) filter (where kind = 'submission')::int as submissions
      from events
     group by 1
     order by 1`);
  return rowsOf<{ bucket: number; photos: number; submissions: number }>(result).map((row) => ({
    bucket: Number(row.bucket),
    photos: Number(row.photos),
    submissions: Number(row.submissions),
  }));
}

/**
 * Per category, how many participants reached each total: the participants of the standings (one rule for
 * both, participants.ts), read here in SQL so that a dashboard polled often does not load every answer; the
 * total is the sum of the effective marks (an override, else the grader's).
 */
export async function totalsByCategory(db: Executor, competitionId: string) {
  const result = await db.execute(sql`
    with participants as (
      select ${registrations.userId} as user_id, ${registrations.category} as category
        from ${registrations}
       where ${registrations.competitionId} = ${competitionId} and ${isParticipant}
    ),
    totals as (
      select p.category,
             coalesce((select sum(coalesce(m.override_marks, m.grader_marks))
                         from ${marks} m join ${questions} q on q.id = m.question_id
                        where m.user_id = p.user_id and q.competition_id = ${competitionId}
                          and q.category = p.category), 0)::int as total
        from participants p
    )
    select category, total, count(*)::int as participants from totals group by category, total`);
  return rowsOf<{ category: string; total: number; participants: number }>(result).map((row) => ({
    category: row.category,
    total: Number(row.total),
    participants: Number(row.participants),
  }));
}

/** The most marks each category's paper gives (the sum of its questions' marks). */
export async function maxMarksByCategory(db: Executor, competitionId: string) {
  const rows = await db
    .select({ category: questions.category, marks: sql<number>`coalesce(sum(${questions.marks}), 0)::int` })
    .from(questions)
    .where(eq(questions.competitionId, competitionId))
    .groupBy(questions.category);
  return Object.fromEntries(rows.map((row) => [row.category, Number(row.marks)]));
}

import { and, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  answerPhotos,
  answers,
  gradingClaims,
  marks,
  media,
  questions,
  registrations,
  secondMarks,
  users,
} from '../../db/schema.ts';

export type ClaimRow = typeof gradingClaims.$inferSelect;

type Rows<T> = { rows: T[] };

/**
 * The answers of one question that need grading are those of approved students with photos. An answer can
 * be graded once one of its photos is ready, or once every photo failed (decision 020). These fragments
 * read the answer `a` and its marks `m`.
 */
const photoState = (state: 'ready' | 'failed') => sql`
    select 1 from jsonb_array_elements(a.images) as image
      join ${answerPhotos} p on p.user_id = a.user_id and p.sha256 = image->>'sha256'
      join ${media} f on f.id = p.media_id
     where f.status = ${state}`;
const gradable = sql`(
  exists (${photoState('ready')})
  or not exists (
    select 1 from jsonb_array_elements(a.images) as image
     where not exists (
       select 1 from ${answerPhotos} p join ${media} f on f.id = p.media_id
        where p.user_id = a.user_id and p.sha256 = image->>'sha256' and f.status = 'failed')))`;
const graded = sql`(m.grader_marks is not null or m.override_marks is not null)`;
const answersOfQuestion = (questionId: string) => sql`
  from ${answers} a
  join ${questions} q on q.id = a.question_id
  join ${registrations} r
    on r.user_id = a.user_id and r.competition_id = q.competition_id and r.category = q.category
   and r.status = 'approved'
  left join ${marks} m on m.user_id = a.user_id and m.question_id = a.question_id
  left join ${gradingClaims} c on c.user_id = a.user_id and c.question_id = a.question_id
 where a.question_id = ${questionId} and jsonb_array_length(a.images) > 0`;

/**
 * The next answers this grader could take: ungraded, gradable, not held by anyone else now, read in the
 * question's index order from a random point (`from`, wrapping round), so graders start in different places
 * and rarely race for the same answer, and the read stops after `limit` rows instead of sorting them all.
 */
export async function claimCandidates(
  db: Executor,
  questionId: string,
  graderId: string,
  now: Date,
  skip: string[],
  limit: number,
  from: string,
) {
  const skipped = skip.length
    ? sql` and a.user_id not in (${sql.join(
        skip.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql``;
  const read = async (range: ReturnType<typeof sql>) => {
    const result = (await db.execute(sql`
      select a.user_id as "userId" ${answersOfQuestion(questionId)} ${range}
         and not ${graded}
         and (c.user_id is null or c.expires_at <= ${now.toISOString()}::timestamptz or c.grader_id = ${graderId})
         and ${gradable} ${skipped}
       order by a.user_id
       limit ${limit}`)) as unknown as Rows<{ userId: string }>;
    return result.rows.map((row) => row.userId);
  };
  const after = await read(sql`and a.user_id >= ${from}::uuid`);
  if (after.length >= limit) return after;
  return [...after, ...(await read(sql`and a.user_id < ${from}::uuid`))].slice(0, limit);
}

/** The answer of this question this grader holds now, if any (the page was reloaded, say). */
export async function heldBy(db: Executor, questionId: string, graderId: string, now: Date) {
  const [row] = await db
    .select({ userId: gradingClaims.userId })
    .from(gradingClaims)
    .where(
      and(
        eq(gradingClaims.questionId, questionId),
        eq(gradingClaims.graderId, graderId),
        gt(gradingClaims.expiresAt, now),
      ),
    )
    .limit(1);
  return row?.userId;
}

/** Whether this answer is one of the question's answers to grade (approved student, with photos). */
export async function isAnswerToGrade(db: Executor, questionId: string, userId: string) {
  const result = (await db.execute(sql`
    select 1 as one ${answersOfQuestion(questionId)} and a.user_id = ${userId}`)) as unknown as Rows<unknown>;
  return result.rows.length > 0;
}

/**
 * Takes the hold on one answer for this grader, atomically: a new row, or the grader's own (renewed), or
 * an expired one taken over. Undefined when another grader holds it now.
 */
export async function takeClaim(
  db: Executor,
  values: { userId: string; questionId: string; graderId: string; now: Date; expiresAt: Date },
) {
  const [row] = await db
    .insert(gradingClaims)
    .values({
      userId: values.userId,
      questionId: values.questionId,
      graderId: values.graderId,
      claimedAt: values.now,
      expiresAt: values.expiresAt,
    })
    .onConflictDoUpdate({
      target: [gradingClaims.userId, gradingClaims.questionId],
      set: { graderId: values.graderId, claimedAt: values.now, expiresAt: values.expiresAt },
      setWhere: sql`${gradingClaims.expiresAt} <= ${values.now.toISOString()}::timestamptz or ${gradingClaims.graderId} = ${values.graderId}`,
    })
    .returning();
  return row;
}

/** Renews this grader's hold; undefined when it is no longer theirs. */
export async function renewClaim(
  db: Executor,
  key: { userId: string; questionId: string; graderId: string },
  expiresAt: Date,
) {
  const [row] = await db
    .update(gradingClaims)
    .set({ expiresAt })
    .where(
      and(
        eq(gradingClaims.userId, key.userId),
        eq(gradingClaims.questionId, key.questionId),
        eq(gradingClaims.graderId, key.graderId),
      ),
    )
    .returning();
  return row;
}

/** Gives back this grader's hold (nothing when it is not theirs). */
export async function releaseClaim(
  db: Executor,
  key: { userId: string; questionId: string; graderId: string },
) {
  await db
    .delete(gradingClaims)
    .where(
      and(
        eq(gradingClaims.userId, key.userId),
        eq(gradingClaims.questionId, key.questionId),
        eq(gradingClaims.graderId, key.graderId),
      ),
    );
}

/** Gives back this grader's holds on the question's other answers (a grader holds one at a time). */
export async function releaseOtherClaims(db: Executor, questionId: string, graderId: string, keep: string) {
  await db
    .delete(gradingClaims)
    .where(
      and(
        eq(gradingClaims.questionId, questionId),
        eq(gradingClaims.graderId, graderId),
        ne(gradingClaims.userId, keep),
      ),
    );
}

/** The hold on an answer, locked until the transaction ends (a save and a takeover never interleave). */
export async function lockClaim(db: Executor, userId: string, questionId: string) {
  const result = (await db.execute(sql`
    select grader_id as "graderId", expires_at as "expiresAt" from ${gradingClaims}
     where user_id = ${userId} and question_id = ${questionId} for update`)) as unknown as Rows<{
    graderId: string;
    expiresAt: Date | string;
  }>;
  const row = result.rows[0];
  return row ? { graderId: row.graderId, expiresAt: new Date(row.expiresAt) } : undefined;
}

/**
 * A question's answers to grade: how many, graded, held now (and not graded), and, with `countWaiting`, those
 * waiting for their photos (a check of every ungraded answer's photos: asked only when it matters).
 */
export async function questionProgress(db: Executor, questionId: string, now: Date, countWaiting = true) {
  const waiting = countWaiting
    ? sql`count(*) filter (where not ${graded} and not ${gradable})::int`
    : sql`null`;
  const result = (await db.execute(sql`
    select count(*)::int as total,
           count(*) filter (where ${graded})::int as graded,
           count(*) filter (where not ${graded} and c.expires_at > ${now.toISOString()}::timestamptz)::int as claimed,
           ${waiting} as waiting
      ${answersOfQuestion(questionId)}`)) as unknown as Rows<{
    total: number;
    graded: number;
    claimed: number;
    waiting: number | null;
  }>;
  const row = result.rows[0];
  return {
    total: Number(row?.total ?? 0),
    graded: Number(row?.graded ?? 0),
    claimed: Number(row?.claimed ?? 0),
    waiting: row?.waiting == null ? null : Number(row.waiting),
  };
}

/** The live holds of one question (for tests and the console's counts). */
export async function liveClaims(db: Executor, questionId: string, now: Date) {
  return db
    .select()
    .from(gradingClaims)
    .where(and(eq(gradingClaims.questionId, questionId), gt(gradingClaims.expiresAt, now)));
}

/** One answer with its photos, for the grader who holds it. */
export async function answerWithPhotos(db: Executor, userId: string, questionId: string) {
  const [answer] = await db
    .select()
    .from(answers)
    .where(and(eq(answers.userId, userId), eq(answers.questionId, questionId)))
    .limit(1);
  if (!answer) return undefined;
  const photos = await db
    .select({ photo: answerPhotos, mediaStatus: media.status })
    .from(answerPhotos)
    .leftJoin(media, eq(media.id, answerPhotos.mediaId))
    .where(
      and(
        eq(answerPhotos.userId, userId),
        inArray(
          answerPhotos.sha256,
          answer.images.map((image) => image.sha256),
        ),
      ),
    );
  return { answer, photos: photos.map(({ photo, mediaStatus }) => ({ ...photo, mediaStatus })) };
}

/** Per question: answers graded since `since` (the grader's marks; an override alone is not grading). */
export async function gradedSince(db: Executor, questionIds: string[], since: Date) {
  if (questionIds.length === 0) return [];
  return db
    .select({ questionId: marks.questionId, count: sql<number>`count(*)::int` })
    .from(marks)
    .where(
      and(
        inArray(marks.questionId, questionIds),
        sql`${marks.graderMarks} is not null and ${marks.gradedAt} > ${since.toISOString()}::timestamptz`,
      ),
    )
    .groupBy(marks.questionId);
}

/** Per grader of these questions: answers graded, in the last hour, and held now. */
export async function graderProgress(db: Executor, questionIds: string[], now: Date, since: Date) {
  if (questionIds.length === 0) return [];
  const ids = sql.join(
    questionIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const result = (await db.execute(sql`
    select u.id as "graderId", u.name as name,
           coalesce(g.graded, 0)::int as graded, coalesce(g.recent, 0)::int as recent,
           coalesce(c.claimed, 0)::int as claimed
      from ${users} u
      left join (
        select grader_id, count(*) as graded,
               count(*) filter (where graded_at > ${since.toISOString()}::timestamptz) as recent
          from ${marks} where question_id in (${ids}) and grader_marks is not null group by grader_id
      ) g on g.grader_id = u.id
      left join (
        select grader_id, count(*) as claimed from ${gradingClaims}
         where question_id in (${ids}) and expires_at > ${now.toISOString()}::timestamptz group by grader_id
      ) c on c.grader_id = u.id
     where g.grader_id is not null or c.grader_id is not null
        or exists (select 1 from ${secondMarks} s
                    where s.grader_id = u.id and s.question_id in (${ids}) and s.marks is not null)
     order by u.name, u.id`)) as unknown as Rows<{
    graderId: string;
    name: string;
    graded: number;
    recent: number;
    claimed: number;
  }>;
  return result.rows.map((row) => ({
    graderId: row.graderId,
    name: row.name,
    graded: Number(row.graded),
    recent: Number(row.recent),
    claimed: Number(row.claimed),
  }));
}

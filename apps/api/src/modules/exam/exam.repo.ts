import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  answerPhotos,
  answers,
  examAttempts,
  exams,
  media,
  outboxMails,
  questions,
  registrations,
  sessions,
  users,
} from '../../db/schema.ts';
import { perDatabase } from '../../lib/per-database.ts';

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

/**
 * A student's registration (status, category) and exam attempt (extra minutes, submission) in one query;
 * undefined without a registration. The attempt's fields are null when the student has none yet.
 */
export async function findEntrant(db: Executor, competitionId: string, userId: string) {
  const [row] = await db
    .select({
      status: registrations.status,
      category: registrations.category,
      rollNumber: registrations.rollNumber,
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
const sessionsWithEntrantsOf = perDatabase((db: Executor) =>
  db
    .select({
      session: sessions,
      user: users,
      status: registrations.status,
      category: registrations.category,
      rollNumber: registrations.rollNumber,
      extraMinutes: examAttempts.extraMinutes,
      submittedAt: examAttempts.submittedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(
      registrations,
      and(
        eq(registrations.competitionId, sql.placeholder('competitionId')),
        eq(registrations.userId, sessions.userId),
      ),
    )
    .leftJoin(
      examAttempts,
      and(
        eq(examAttempts.competitionId, sql.placeholder('competitionId')),
        eq(examAttempts.userId, sessions.userId),
      ),
    )
    .where(sql`${sessions.tokenHash} = any(${sql.placeholder('tokenHashes')})`)
    .prepare('sessions_with_entrants'),
);

export async function findSessionsWithEntrants(db: Executor, tokenHashes: string[], competitionId: string) {
  const rows = await sessionsWithEntrantsOf(db).execute({ tokenHashes, competitionId });
  return new Map(
    rows.map(({ session, user, status, category, rollNumber, extraMinutes, submittedAt }) => {
      const entrant: Entrant | null =
        status === null || category === null
          ? null
          : { status, category, rollNumber, extraMinutes, submittedAt };
      return [session.tokenHash, { session, user, entrant }];
    }),
  );
}

/** One student's submission, as `recordSubmissions` takes it. */
export type SubmissionInput = { competitionId: string; userId: string; at: Date; questionIds: string[] };

/**
 * Records each submission's time once (a second submit keeps the first time) and counts the questions
 * answered with at least one photo, many submissions in one statement: at the exam's end every page submits
 * within seconds (TIME_UP_SUBMIT_SPREAD_MS), while the last photos still arrive, and each statement of its
 * own would wait for its own flush of the database's log (decision 058). Two submissions of the same
 * student go in statements one after another. The same statement writes each student's submission mail to
 * the outbox, once (its key), to be rendered with the receipts when it is sent (decision 068).
 */
export async function recordSubmissions(
  db: Executor,
  submissions: SubmissionInput[],
): Promise<{ submittedAt: Date; answered: number }[]> {
  return inDistinctRounds(
    submissions,
    (submission) => `${submission.competitionId}/${submission.userId}`,
    (round) => recordSubmissionsOnce(db, round),
  );
}

/** The submission mail's key in the outbox: one a student and competition. */
const SUBMISSION_MAIL_KEY = 'exam-submitted:';

async function recordSubmissionsOnce(db: Executor, submissions: SubmissionInput[]) {
  const input = JSON.stringify(
    submissions.map((submission, i) => ({
      i,
      competition_id: submission.competitionId,
      user_id: submission.userId,
      at: submission.at.toISOString(),
      question_ids: submission.questionIds,
    })),
  );
  const result = (await db.execute(sql`
    with input as (
      select * from jsonb_to_recordset(${input}::jsonb)
        as i(i int, competition_id uuid, user_id uuid, at timestamptz, question_ids uuid[])
    ),
    attempts as (
      insert into ${examAttempts} (competition_id, user_id, submitted_at)
      select competition_id, user_id, at from input
      on conflict (competition_id, user_id) do update
        set submitted_at = coalesce(${examAttempts.submittedAt}, excluded.submitted_at)
      returning competition_id, user_id, submitted_at
    ),
    mails as (
      insert into ${outboxMails} ("to", subject, text, render_as, about, once_key, next_attempt_at)
      select u.email, '', '', 'examSubmitted',
             jsonb_build_object('competition_id', input.competition_id, 'user_id', input.user_id),
             ${SUBMISSION_MAIL_KEY}::text || input.competition_id::text || ':' || input.user_id::text,
             input.at
        from input join ${users} u on u.id = input.user_id
      on conflict (once_key) do nothing
    )
    select input.i, attempts.submitted_at as "submittedAt",
           (select count(*)::int from ${answers}
             where ${answers.userId} = input.user_id and ${answers.questionId} = any(input.question_ids)
               and jsonb_array_length(${answers.images}) > 0) as "answered"
      from input join attempts using (competition_id, user_id)`)) as unknown as {
    rows: { i: number; submittedAt: string | Date; answered: number }[];
  };
  if (result.rows.length !== submissions.length) {
    throw new Error('recordSubmissions: the statement did not return a row for each submission');
  }
  const recorded: { submittedAt: Date; answered: number }[] = new Array(submissions.length);
  for (const row of result.rows) {
    recorded[row.i] = { submittedAt: new Date(row.submittedAt), answered: Number(row.answered) };
  }
  return recorded;
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

/** Every answer of each of these students, by student (for many lookups at once: exam.service.ts). */
const answersOfUsersOf = perDatabase((db: Executor) =>
  db
    .select()
    .from(answers)
    .where(sql`${answers.userId} = any(${sql.placeholder('userIds')})`)
    .prepare('answers_of_users'),
);

export async function answersOfUsers(db: Executor, userIds: string[]) {
  const rows = await answersOfUsersOf(db).execute({ userIds });
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

/**
 * What a save of an answer wrote (`saved`), or, when it wrote nothing, the answer as it stands; and the
 * stored file of each of that answer's photos already delivered, by hash (the page shows them at once).
 */
export type AnswerSave = {
  saved: AnswerRow | undefined;
  current: AnswerRow | undefined;
  /**
   * The answer's photos by hash: its stored file, if any, and when the server first heard of it (what its
   * receipt says).
   */
  photos: ReadonlyMap<string, { mediaId: string | null; committedAt: Date }>;
  /** The photos this save recorded: the ones the server had not heard of (the metrics count them). */
  recorded: number;
};

const answerColumns = sql`user_id as "userId", question_id as "questionId", images, version, saved_at as "savedAt"`;

/** One save of one question's answer, as `saveAnswers` takes it. */
export type AnswerSaveInput = {
  userId: string;
  questionId: string;
  images: AnswerRow['images'];
  expectedVersion: number | undefined;
  savedAt: Date;
  /** The stored file of a photo already delivered (a client of the spec's `image_urls`), by hash. */
  delivered: ReadonlyMap<string, string>;
};

/**
 * Saves answers and records their photos, many in one statement (in the exam's last minutes thousands of
 * saves arrive a minute, and each statement of its own waited for its own flush of the database's log
 * while holding one of its connections; decision 057). For each save, in order:
 * - `expectedVersion` undefined: writes the answer unless it already holds exactly these photos;
 * - 0: writes the first version, unless there is one;
 * - n: replaces version n (optimistic concurrency), unless it already holds exactly these photos.
 * The photos are recorded only with a written answer; a photo the server already knew keeps its record.
 * Saves of the same question by the same student go in statements one after another, in order.
 */
export async function saveAnswers(db: Executor, saves: AnswerSaveInput[]): Promise<AnswerSave[]> {
  return inDistinctRounds(
    saves,
    (save) => `${save.userId}/${save.questionId}`,
    (round) => saveAnswersOnce(db, round),
  );
}

/**
 * Writes the items in statements where no key comes twice (a statement may write a row once), in order:
 * an item whose key came before goes in the next statement. Answers each item's result in the items' order.
 */
async function inDistinctRounds<I, R>(
  items: I[],
  keyOf: (item: I) => string,
  writeOnce: (round: I[]) => Promise<R[]>,
): Promise<R[]> {
  const rounds: { keys: Set<string>; indexes: number[] }[] = [];
  for (const [i, item] of items.entries()) {
    const key = keyOf(item);
    let round = rounds.find((r) => !r.keys.has(key));
    if (!round) {
      round = { keys: new Set(), indexes: [] };
      rounds.push(round);
    }
    round.keys.add(key);
    round.indexes.push(i);
  }
  const results: R[] = new Array(items.length);
  for (const { indexes } of rounds) {
    const written = await writeOnce(indexes.map((i) => items[i] as I));
    for (const [k, i] of indexes.entries()) results[i] = written[k] as R;
  }
  return results;
}

async function saveAnswersOnce(db: Executor, saves: AnswerSaveInput[]): Promise<AnswerSave[]> {
  const input = JSON.stringify(
    saves.map((save, i) => ({
      i,
      user_id: save.userId,
      question_id: save.questionId,
      images: save.images,
      expected: save.expectedVersion ?? null,
      saved_at: save.savedAt.toISOString(),
      photos: save.images.map((image) => ({
        sha256: image.sha256,
        size: image.size,
        media_id: save.delivered.get(image.sha256) ?? null,
      })),
    })),
  );
  const result = (await db.execute(sql`
    with input as (
      select * from jsonb_to_recordset(${input}::jsonb)
        as i(i int, user_id uuid, question_id uuid, images jsonb, expected bigint, saved_at timestamptz, photos jsonb)
    ),
    upserted as (
      insert into ${answers} (user_id, question_id, images, version, saved_at)
      select user_id, question_id, images, 1, saved_at from input where expected is null
      on conflict (user_id, question_id) do update
        set images = excluded.images, version = ${answers.version} + 1, saved_at = excluded.saved_at
        where ${answers.images} is distinct from excluded.images
      returning ${answerColumns}
    ),
    first_versions as (
      insert into ${answers} (user_id, question_id, images, version, saved_at)
      select user_id, question_id, images, 1, saved_at from input where expected = 0
      on conflict (user_id, question_id) do nothing
      returning ${answerColumns}
    ),
    replaced as (
      update ${answers} set images = input.images, version = ${answers.version} + 1, saved_at = input.saved_at
        from input
       where input.expected > 0 and ${answers.userId} = input.user_id and ${answers.questionId} = input.question_id
         and ${answers.version} = input.expected and ${answers.images} is distinct from input.images
      returning ${answers.userId} as "userId", ${answers.questionId} as "questionId", ${answers.images} as images,
                ${answers.version} as version, ${answers.savedAt} as "savedAt"
    ),
    saved as (
      select * from upserted union all select * from first_versions union all select * from replaced
    ),
    photos as (
      insert into ${answerPhotos} (user_id, sha256, size_bytes, question_id, committed_at, media_id, delivered_at)
      select input.user_id, p.sha256, p.size, input.question_id, input.saved_at, p.media_id,
             case when p.media_id is null then null else input.saved_at end
        from input
        join saved on saved."userId" = input.user_id and saved."questionId" = input.question_id
        cross join jsonb_to_recordset(input.photos) as p(sha256 text, size int, media_id uuid)
      on conflict do nothing
      returning user_id, sha256, media_id, committed_at
    ),
    -- The students' photos as the statement leaves them: those it did not see (its snapshot is from before
    -- it) are the ones it recorded.
    files as (
      select user_id, sha256, media_id, committed_at from ${answerPhotos}
       where user_id in (select user_id from input)
      union all
      select user_id, sha256, media_id, committed_at from photos
    )
    select input.i, saved."userId" is not null as "written",
           coalesce(saved."userId", stood.user_id) as "userId",
           coalesce(saved."questionId", stood.question_id) as "questionId",
           coalesce(saved.images, stood.images) as images,
           coalesce(saved.version, stood.version) as version,
           coalesce(saved."savedAt", stood.saved_at) as "savedAt",
           (select count(*)::int from photos
             where photos.user_id = input.user_id
               and photos.sha256 in (select p->>'sha256' from jsonb_array_elements(input.photos) p)) as "recorded",
           (select coalesce(jsonb_object_agg(files.sha256, jsonb_build_object('m', files.media_id, 't', files.committed_at)), '{}'::jsonb)
              from files
             where files.user_id = input.user_id
               and files.sha256 in (select image->>'sha256'
                                      from jsonb_array_elements(coalesce(saved.images, stood.images)) image)) as "files"
      from input
      left join saved on saved."userId" = input.user_id and saved."questionId" = input.question_id
      left join ${answers} stood
        on saved."userId" is null and stood.user_id = input.user_id and stood.question_id = input.question_id`)) as unknown as {
    rows: (AnswerRow & {
      i: number;
      written: boolean;
      recorded: number;
      files: Record<string, { m: string | null; t: string }>;
    })[];
  };
  const results: AnswerSave[] = saves.map(() => ({
    saved: undefined,
    current: undefined,
    photos: new Map(),
    recorded: 0,
  }));
  for (const { i, written, recorded, files, ...answer } of result.rows) {
    if (answer.userId === null) continue;
    const row: AnswerRow = { ...answer, savedAt: new Date(answer.savedAt) };
    results[i] = {
      saved: written ? row : undefined,
      current: written ? undefined : row,
      recorded: Number(recorded),
      photos: new Map(
        Object.entries(files).map(([sha256, { m, t }]) => [sha256, { mediaId: m, committedAt: new Date(t) }]),
      ),
    };
  }
  return results;
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

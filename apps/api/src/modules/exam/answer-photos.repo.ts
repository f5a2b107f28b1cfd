import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  answerPhotos,
  answers,
  examAttempts,
  exams,
  media,
  questions,
  registrations,
  users,
} from '../../db/schema.ts';
import { perDatabase } from '../../lib/per-database.ts';
import { mediaInsertWithinQuota, type NewMediaRow } from '../media/public.ts';

export type AnswerPhotoRow = typeof answerPhotos.$inferSelect;

/** A photo with the state of its stored file (null until its bytes arrived). */
export type PhotoWithFile = AnswerPhotoRow & { mediaStatus: 'pending' | 'ready' | 'failed' | null };

const photoWithFile = {
  photo: answerPhotos,
  mediaStatus: media.status,
};

const withFile = (rows: { photo: AnswerPhotoRow; mediaStatus: PhotoWithFile['mediaStatus'] }[]) =>
  rows.map(({ photo, mediaStatus }): PhotoWithFile => ({ ...photo, mediaStatus }));

/** Every photo of these students (committed in time or late), with their files' states. */
const photosOfUsersOf = perDatabase((db: Executor) =>
  db
    .select(photoWithFile)
    .from(answerPhotos)
    .leftJoin(media, eq(media.id, answerPhotos.mediaId))
    .where(sql`${answerPhotos.userId} = any(${sql.placeholder('userIds')})`)
    .prepare('photos_of_users'),
);

export async function photosOfUsers(db: Executor, userIds: string[]) {
  if (userIds.length === 0) return [];
  return withFile(await photosOfUsersOf(db).execute({ userIds }));
}

/** Every photo committed for (or sent late to) these questions, with their files' states. */
export async function photosOfQuestions(db: Executor, questionIds: string[]) {
  if (questionIds.length === 0) return [];
  const rows = await db
    .select(photoWithFile)
    .from(answerPhotos)
    .leftJoin(media, eq(media.id, answerPhotos.mediaId))
    .where(inArray(answerPhotos.questionId, questionIds));
  return withFile(rows);
}

/** A photo's key among all students' photos. */
export const photoKey = (userId: string, sha256: string) => `${userId}/${sha256}`;

const photosByKeyOf = perDatabase((db: Executor) =>
  db
    .select()
    .from(answerPhotos)
    .where(
      sql`(${answerPhotos.userId}, ${answerPhotos.sha256}) in (select * from unnest(${sql.placeholder('userIds')}::uuid[], ${sql.placeholder('sha256s')}::text[]))`,
    )
    .prepare('photos_by_key'),
);

/** Photos by their keys (photoKey), in one query. */
export async function findPhotosByKey(db: Executor, keys: string[]) {
  const pairs = keys.map((key) => key.split('/'));
  const rows = await photosByKeyOf(db).execute({
    userIds: pairs.map(([userId]) => userId),
    sha256s: pairs.map(([, sha256]) => sha256),
  });
  return new Map(rows.map((row) => [photoKey(row.userId, row.sha256), row]));
}

export async function findPhoto(db: Executor, userId: string, sha256: string) {
  const [row] = await db
    .select()
    .from(answerPhotos)
    .where(and(eq(answerPhotos.userId, userId), eq(answerPhotos.sha256, sha256)))
    .limit(1);
  return row;
}

/** What recording a delivered photo wrote: its file's row, and the photo when the file is linked to it. */
export type RecordedDelivery = {
  id: string;
  photo: Pick<AnswerPhotoRow, 'sha256' | 'sizeBytes' | 'mediaId' | 'late'> | undefined;
};

/**
 * Writes the rows of delivered photos' files (each within its owner's quota: the media module's
 * mediaInsertWithinQuota) and links each to its photo (by owner and the hash of the bytes received), in
 * one statement. For each row, in order: undefined when the quota refused it; `photo` undefined when
 * another delivery of the same photo got there first (the row is written all the same, for the caller
 * to remove).
 */
export async function recordDeliveries(
  db: Executor,
  rows: NewMediaRow[],
): Promise<(RecordedDelivery | undefined)[]> {
  // getSQL(): a query embedded as itself would be put in parentheses, which an INSERT in a CTE may not be.
  const result = (await db.execute(sql`
    with file as (${mediaInsertWithinQuota(db, rows).getSQL()}),
    linked as (
      update ${answerPhotos} set media_id = file.id, delivered_at = file.created_at
        from file
       where ${answerPhotos.userId} = file.owner_id and ${answerPhotos.sha256} = file.source_sha256
         and ${answerPhotos.mediaId} is null
      returning ${answerPhotos.mediaId} as media_id, ${answerPhotos.sha256} as sha256,
                ${answerPhotos.sizeBytes} as size_bytes, ${answerPhotos.late} as late
    )
    select file.id, file.storage_key, linked.sha256, linked.size_bytes, linked.late
      from file left join linked on linked.media_id = file.id`)) as unknown as {
    rows: {
      id: string;
      storage_key: string;
      sha256: string | null;
      size_bytes: number | null;
      late: boolean | null;
    }[];
  };
  const written = new Map(
    result.rows.map((row): [string, RecordedDelivery] => [
      row.storage_key,
      {
        id: row.id,
        photo:
          row.sha256 === null
            ? undefined
            : {
                sha256: row.sha256,
                sizeBytes: Number(row.size_bytes),
                mediaId: row.id,
                late: row.late ?? false,
              },
      },
    ]),
  );
  return rows.map((row) => written.get(row.storageKey));
}

export async function decideLatePhoto(
  db: Executor,
  userId: string,
  sha256: string,
  values: { lateDecision: 'accepted' | 'rejected'; decidedBy: string; decidedAt: Date },
) {
  const [row] = await db
    .update(answerPhotos)
    .set(values)
    .where(and(eq(answerPhotos.userId, userId), eq(answerPhotos.sha256, sha256), eq(answerPhotos.late, true)))
    .returning();
  return row;
}

const lateOfCategory = (competitionId: string, category: string) =>
  and(
    eq(answerPhotos.late, true),
    eq(questions.competitionId, competitionId),
    eq(questions.category, category),
  );

/**
 * A category's late photos with who sent them and for which question, for the organisers' review: a page
 * of them (`limit`, `offset`), or the one photo `only` names.
 */
export async function latePhotosOfCategory(
  db: Executor,
  competitionId: string,
  category: string,
  options: { limit?: number; offset?: number; only?: { userId: string; sha256: string } } = {},
) {
  const only = options.only
    ? and(eq(answerPhotos.userId, options.only.userId), eq(answerPhotos.sha256, options.only.sha256))
    : undefined;
  const query = db
    .select({
      photo: answerPhotos,
      mediaStatus: media.status,
      name: registrations.name,
      rollNumber: registrations.rollNumber,
      position: questions.position,
    })
    .from(answerPhotos)
    .innerJoin(questions, eq(questions.id, answerPhotos.questionId))
    .innerJoin(
      registrations,
      and(eq(registrations.userId, answerPhotos.userId), eq(registrations.competitionId, competitionId)),
    )
    .leftJoin(media, eq(media.id, answerPhotos.mediaId))
    .where(and(lateOfCategory(competitionId, category), only))
    .orderBy(registrations.rollNumber, questions.position, answerPhotos.committedAt, answerPhotos.sha256)
    .$dynamic();
  if (options.limit !== undefined) query.limit(options.limit).offset(options.offset ?? 0);
  return query;
}

/** How many late photos a category has, and how many of them nobody has decided on. */
export async function countLatePhotos(db: Executor, competitionId: string, category: string) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      pending: sql<number>`(count(*) filter (where ${answerPhotos.lateDecision} is null))::int`,
    })
    .from(answerPhotos)
    .innerJoin(questions, eq(questions.id, answerPhotos.questionId))
    .where(lateOfCategory(competitionId, category));
  return { total: row?.total ?? 0, pending: row?.pending ?? 0 };
}

/**
 * Records a late photo only within its limits, its owner's row locked meanwhile (two at once are counted
 * one after the other): at most `perQuestion` late photos of the student for the question, and the late
 * photos whose bytes have not come yet counted in the upload quota with the files stored (as files of their
 * declared sizes). Answers which limit refused it, or whether it was recorded now or known already.
 */
export async function insertLatePhotoWithinLimits(
  db: Executor,
  row: typeof answerPhotos.$inferInsert,
  limits: { perQuestion: number; files: number; bytes: number },
): Promise<'question' | 'quota' | 'recorded' | 'known'> {
  return db.transaction(async (tx) => {
    const [usage] = await tx
      .select({ files: users.mediaFiles, bytes: users.mediaBytes })
      .from(users)
      .where(eq(users.id, row.userId))
      .for('no key update');
    const [late] = await tx
      .select({
        forQuestion: sql<number>`(count(*) filter (where ${answerPhotos.questionId} = ${row.questionId}))::int`,
        waiting: sql<number>`(count(*) filter (where ${answerPhotos.mediaId} is null))::int`,
        waitingBytes: sql<number>`coalesce(sum(${answerPhotos.sizeBytes}) filter (where ${answerPhotos.mediaId} is null), 0)::bigint`,
      })
      .from(answerPhotos)
      .where(and(eq(answerPhotos.userId, row.userId), eq(answerPhotos.late, true)));
    if ((late?.forQuestion ?? 0) >= limits.perQuestion) return 'question';
    const files = (usage?.files ?? 0) + (late?.waiting ?? 0);
    const bytes = Number(usage?.bytes ?? 0) + Number(late?.waitingBytes ?? 0);
    if (files >= limits.files || bytes + row.sizeBytes > limits.bytes) return 'quota';
    const recorded = await tx
      .insert(answerPhotos)
      .values(row)
      .onConflictDoNothing()
      .returning({ sha256: answerPhotos.sha256 });
    return recorded.length > 0 ? 'recorded' : 'known';
  });
}

/**
 * What stands between a category and its results: photos of answers whose bytes have not arrived, and
 * late photos nobody has decided on.
 */
export async function outstandingPhotos(db: Executor, competitionId: string, category: string) {
  const result = (await db.execute(sql`
    select
      (select count(*)::int
         from ${answers} a
         join ${questions} q on q.id = a.question_id
         cross join lateral jsonb_array_elements(a.images) as image
         left join ${answerPhotos} p on p.user_id = a.user_id and p.sha256 = image->>'sha256'
        where q.competition_id = ${competitionId} and q.category = ${category} and p.media_id is null
      ) as undelivered,
      (select count(*)::int
         from ${answerPhotos} p
         join ${questions} q on q.id = p.question_id
        where q.competition_id = ${competitionId} and q.category = ${category}
          and p.late and p.late_decision is null
      ) as undecided`)) as unknown as { rows: { undelivered: number; undecided: number }[] };
  const row = result.rows[0];
  return { undelivered: Number(row?.undelivered ?? 0), undecided: Number(row?.undecided ?? 0) };
}

/** Photos committed whose bytes have not arrived, in one category, as the metrics show them. */
export type UndeliveredPhotos = {
  category: string;
  count: number;
  /** Seconds since the oldest of them was committed. */
  oldestSeconds: number;
  /** Seconds since its student's window ended, for the photo whose window ended longest ago (0: none ended). */
  pastWindowEndSeconds: number;
};

/**
 * The photos the server waits for, per category: committed (in time and still named by their answer, or
 * late) and their bytes not here, while their delivery is open (the student's end, extra time included,
 * plus `deliveryMinutes`). How long past its window's end a photo is awaited counts a late photo from its
 * commitment, which comes after the end: its bytes are as new as the commitment. One query over the answer
 * photos without a file; the metrics ask it every few seconds at most.
 */
export async function undeliveredPhotos(
  db: Executor,
  now: Date,
  deliveryMinutes: number,
): Promise<UndeliveredPhotos[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const studentEnd = sql`(e.ends_at + make_interval(mins => coalesce(t.extra_minutes, 0)))`;
  const result = (await db.execute(sql`
    select q.category, count(*)::int as count,
           extract(epoch from ${at} - min(p.committed_at))::float8 as oldest_seconds,
           greatest(0, extract(epoch from ${at} - min(greatest(${studentEnd}, p.committed_at))))::float8
             as past_end_seconds
      from ${answerPhotos} p
      join ${questions} q on q.id = p.question_id
      join ${exams} e on e.competition_id = q.competition_id and e.category = q.category
      left join ${examAttempts} t on t.competition_id = q.competition_id and t.user_id = p.user_id
      left join ${answers} a on a.user_id = p.user_id and a.question_id = p.question_id
     where p.media_id is null
       and (p.late or a.images @> jsonb_build_array(jsonb_build_object('sha256', p.sha256)))
       and ${at} < ${studentEnd} + make_interval(mins => ${deliveryMinutes}::int)
     group by q.category`)) as unknown as {
    rows: { category: string; count: number; oldest_seconds: number; past_end_seconds: number }[];
  };
  return result.rows.map((row) => ({
    category: row.category,
    count: Number(row.count),
    oldestSeconds: Number(row.oldest_seconds),
    pastWindowEndSeconds: Number(row.past_end_seconds),
  }));
}

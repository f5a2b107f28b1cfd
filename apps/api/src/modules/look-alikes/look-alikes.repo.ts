import { type AnyColumn, and, asc, desc, eq, isNotNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { answerPhotos, lookAlikes, media, questions, registrations } from '../../db/schema.ts';

export type LookAlikeRow = typeof lookAlikes.$inferSelect;
export type NewLookAlikeRow = typeof lookAlikes.$inferInsert;

/** Every answer photo of a category that is processed and has a fingerprint: what the index holds. */
export function fingerprintedPhotos(db: Executor, competitionId: string, category: string) {
  return db
    .select({ userId: answerPhotos.userId, sha256: answerPhotos.sha256, fingerprint: media.fingerprint })
    .from(answerPhotos)
    .innerJoin(questions, eq(questions.id, answerPhotos.questionId))
    .innerJoin(media, eq(media.id, answerPhotos.mediaId))
    .where(
      and(
        eq(questions.competitionId, competitionId),
        eq(questions.category, category),
        eq(media.status, 'ready'),
        isNotNull(media.fingerprint),
      ),
    );
}

/** Records pairs found; a pair already recorded keeps its row (and its decision). */
export async function insertLookAlikes(db: Executor, rows: NewLookAlikeRow[]) {
  for (let i = 0; i < rows.length; i += 1000) {
    await db
      .insert(lookAlikes)
      .values(rows.slice(i, i + 1000))
      .onConflictDoNothing();
  }
}

const photo = (side: 'first' | 'second') => {
  const answerPhoto = alias(answerPhotos, `${side}_photo`);
  const question = alias(questions, `${side}_question`);
  const registration = alias(registrations, `${side}_registration`);
  return { answerPhoto, question, registration };
};
const first = photo('first');
const second = photo('second');
const sideColumns = (side: typeof first) => ({
  userId: side.answerPhoto.userId,
  sha256: side.answerPhoto.sha256,
  mediaId: side.answerPhoto.mediaId,
  questionId: side.answerPhoto.questionId,
  position: side.question.position,
  name: side.registration.name,
  rollNumber: side.registration.rollNumber,
});

/** A category's pairs (of one status when given) with both finalists and questions; same files first, then the closest. */
export function lookAlikesOfCategory(
  db: Executor,
  filter: { competitionId: string; category: string; status?: LookAlikeRow['status']; id?: string },
) {
  const join = (side: typeof first, userId: AnyColumn, sha256: AnyColumn) =>
    [
      and(eq(side.answerPhoto.userId, userId), eq(side.answerPhoto.sha256, sha256)),
      eq(side.question.id, side.answerPhoto.questionId),
      and(
        eq(side.registration.userId, userId),
        eq(side.registration.competitionId, lookAlikes.competitionId),
      ),
    ] as const;
  const [firstPhoto, firstQuestion, firstRegistration] = join(
    first,
    lookAlikes.firstUserId,
    lookAlikes.firstSha256,
  );
  const [secondPhoto, secondQuestion, secondRegistration] = join(
    second,
    lookAlikes.secondUserId,
    lookAlikes.secondSha256,
  );
  return db
    .select({ pair: lookAlikes, first: sideColumns(first), second: sideColumns(second) })
    .from(lookAlikes)
    .innerJoin(first.answerPhoto, firstPhoto)
    .innerJoin(first.question, firstQuestion)
    .innerJoin(first.registration, firstRegistration)
    .innerJoin(second.answerPhoto, secondPhoto)
    .innerJoin(second.question, secondQuestion)
    .innerJoin(second.registration, secondRegistration)
    .where(
      and(
        eq(lookAlikes.competitionId, filter.competitionId),
        eq(lookAlikes.category, filter.category),
        filter.status ? eq(lookAlikes.status, filter.status) : undefined,
        filter.id ? eq(lookAlikes.id, filter.id) : undefined,
      ),
    )
    .orderBy(
      desc(lookAlikes.sameFile),
      asc(lookAlikes.distance),
      asc(lookAlikes.foundAt),
      asc(lookAlikes.id),
    );
}

export async function findLookAlike(db: Executor, id: string) {
  const [row] = await db.select().from(lookAlikes).where(eq(lookAlikes.id, id)).limit(1);
  return row;
}

export async function decideLookAlike(
  db: Executor,
  id: string,
  values: Pick<LookAlikeRow, 'status' | 'note' | 'decidedBy' | 'decidedAt'>,
) {
  const [row] = await db.update(lookAlikes).set(values).where(eq(lookAlikes.id, id)).returning();
  return row;
}

import { and, eq, max } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { answerPhotos, answers, examAttempts, questions, registrations } from '../../db/schema.ts';

/** The most extra minutes any approved entrant of a category was given (0 when none was). */
export async function mostExtraMinutes(db: Executor, competitionId: string, category: string) {
  const [row] = await db
    .select({ minutes: max(examAttempts.extraMinutes) })
    .from(examAttempts)
    .innerJoin(
      registrations,
      and(
        eq(registrations.competitionId, examAttempts.competitionId),
        eq(registrations.userId, examAttempts.userId),
      ),
    )
    .where(
      and(
        eq(examAttempts.competitionId, competitionId),
        eq(registrations.category, category),
        eq(registrations.status, 'approved'),
      ),
    );
  return row?.minutes ?? 0;
}

/**
 * The answer a stored file belongs to, if it is a photo of an answer as it stands (a photo replaced in
 * the answer, or a late photo not accepted, is not): the question's competition and category.
 */
export async function answerOfMedia(db: Executor, mediaId: string) {
  const [row] = await db
    .select({
      sha256: answerPhotos.sha256,
      images: answers.images,
      competitionId: questions.competitionId,
      category: questions.category,
    })
    .from(answerPhotos)
    .innerJoin(questions, eq(questions.id, answerPhotos.questionId))
    .innerJoin(
      answers,
      and(eq(answers.userId, answerPhotos.userId), eq(answers.questionId, answerPhotos.questionId)),
    )
    .where(eq(answerPhotos.mediaId, mediaId))
    .limit(1);
  if (!row?.images.some((image) => image.sha256 === row.sha256)) return undefined;
  return { competitionId: row.competitionId, category: row.category };
}

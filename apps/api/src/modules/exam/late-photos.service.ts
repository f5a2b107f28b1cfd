import type { Category } from '@ngso/shared/constants';
import { studentWindow } from '@ngso/shared/exam-phase';
import type { AdminLatePhoto, LatePhotoDecisionSchema } from '@ngso/shared/schemas/results';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { isUuid } from '../../lib/ids.ts';
import { toDhakaIso } from '../../lib/time.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { UserRow } from '../auth/auth.repo.ts';
import { competitionByCodeOr404 } from '../competitions/competitions.service.ts';
import { studentReceipts } from '../receipts/receipts.service.ts';
import { attemptsOf } from '../results/results.repo.ts';
import { countLatePhotos, decideLatePhoto, findPhoto, latePhotosOfCategory } from './answer-photos.repo.ts';
import { gradingImage } from './answer-photos.service.ts';
import { findAnswer, findExam, findQuestion, insertAnswer, questionsOf, replaceAnswer } from './exam.repo.ts';

/**
 * Late photos: sent after a student's window and its grace, kept but never counted by themselves.
 * An organiser accepts one (it joins the student's answer to its question, and is graded) or rejects it
 * (it stays out, or leaves the answer again); every decision is audited. Each is listed with the receipt
 * of its commitment (decision 062), derived as for the student, for an admin to compare with the one a
 * student shows.
 */
/** A page of a category's late photos, with how many there are and how many wait for a decision. */
export async function latePhotosFor(
  ctx: ServiceContext,
  code: string,
  category: Category,
  page: number,
  perPage: number,
) {
  const competition = await competitionByCodeOr404(ctx.db, code);
  const [data, counts] = await Promise.all([
    listedLatePhotos(ctx, competition, category, { limit: perPage, offset: (page - 1) * perPage }),
    countLatePhotos(ctx.db, competition.id, category),
  ]);
  return { data, meta: { page, per_page: perPage, ...counts } };
}

/** Late photos of a category as the organisers' list shows them. */
async function listedLatePhotos(
  ctx: ServiceContext,
  competition: { id: string; code: string },
  category: Category,
  options: Parameters<typeof latePhotosOfCategory>[3],
) {
  const exam = await findExam(ctx.db, competition.id, category);
  if (!exam) return []; // no exam, so no late photo
  const [rows, attempts, questions] = await Promise.all([
    latePhotosOfCategory(ctx.db, competition.id, category, options),
    attemptsOf(ctx.db, competition.id),
    questionsOf(ctx.db, competition.id, category),
  ]);
  const extraOf = new Map(attempts.map((attempt) => [attempt.userId, attempt.extraMinutes]));
  const receiptOf = (rollNumber: string | null, photo: (typeof rows)[number]['photo']) =>
    studentReceipts(ctx, { competition: competition.code, rollNumber, questions })(
      photo.questionId,
      { sha256: photo.sha256, size: photo.sizeBytes },
      photo.committedAt,
    );
  return rows.map(
    ({ photo, mediaStatus, name, rollNumber, position }): AdminLatePhoto => ({
      user_id: photo.userId,
      name,
      roll_number: rollNumber,
      question_id: photo.questionId,
      question_position: position,
      sha256: photo.sha256,
      size: photo.sizeBytes,
      ...pick(gradingImage({ sha256: photo.sha256, size: photo.sizeBytes }, { ...photo, mediaStatus })),
      taken_at: photo.takenAt ? toDhakaIso(photo.takenAt) : null,
      received_at: toDhakaIso(photo.committedAt),
      ends_at: toDhakaIso(studentWindow(exam, extraOf.get(photo.userId) ?? 0).end),
      decision: photo.lateDecision ?? 'pending',
      decided_at: photo.decidedAt ? toDhakaIso(photo.decidedAt) : null,
      ...receiptOf(rollNumber, photo),
    }),
  );
}

const pick = ({ url, state }: { url: string | null; state: AdminLatePhoto['state'] }) => ({ url, state });

export async function decideOnLatePhoto(
  ctx: ServiceContext,
  admin: UserRow,
  code: string,
  input: z.output<typeof LatePhotoDecisionSchema>,
): Promise<AdminLatePhoto> {
  const competition = await competitionByCodeOr404(ctx.db, code);
  if (!isUuid(input.user_id)) throw new AppError(404, 'latePhoto.notFound');
  const before = await findPhoto(ctx.db, input.user_id, input.sha256);
  if (!before?.late) throw new AppError(404, 'latePhoto.notFound');
  const now = ctx.clock.now();
  const questionId = await ctx.db.transaction(async (tx) => {
    const decided = await decideLatePhoto(tx, input.user_id, input.sha256, {
      lateDecision: input.decision,
      decidedBy: admin.id,
      decidedAt: now,
    });
    if (!decided) throw new AppError(404, 'latePhoto.notFound');
    const image = { sha256: decided.sha256, size: decided.sizeBytes };
    for (let attempt = 0; ; attempt++) {
      const answer = await findAnswer(tx, decided.userId, decided.questionId);
      const others = (answer?.images ?? []).filter((i) => i.sha256 !== image.sha256);
      const images = input.decision === 'accepted' ? [...others, image] : others;
      if (!answer && images.length === 0) break;
      const written = answer
        ? await replaceAnswer(tx, answer, images, now)
        : await insertAnswer(tx, {
            userId: decided.userId,
            questionId: decided.questionId,
            images,
            version: 1,
            savedAt: now,
          });
      if (written) break;
      if (attempt >= 2) throw new AppError(409, 'answer.stale');
    }
    await recordAudit(tx, {
      actorId: admin.id,
      action: `latePhoto.${input.decision === 'accepted' ? 'accept' : 'reject'}`,
      targetType: 'answer_photo',
      targetId: `${decided.userId}/${decided.sha256}`,
      before,
      after: decided,
      at: now,
    });
    return decided.questionId;
  });
  const listed = await decidedPhotoAsListed(ctx, competition, questionId, input);
  if (!listed) throw new AppError(404, 'latePhoto.notFound');
  return listed;
}

/** The decided photo as the organisers' list shows it. */
async function decidedPhotoAsListed(
  ctx: ServiceContext,
  competition: { id: string; code: string },
  questionId: string,
  input: { user_id: string; sha256: string },
) {
  const question = await findQuestion(ctx.db, questionId);
  if (!question || question.competitionId !== competition.id) return undefined;
  const [listed] = await listedLatePhotos(ctx, competition, question.category as Category, {
    only: { userId: input.user_id, sha256: input.sha256 },
  });
  return listed;
}

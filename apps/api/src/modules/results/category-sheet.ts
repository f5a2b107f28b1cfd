import type { Category } from '@ngso/shared/constants';
import type { ServiceContext } from '../../lib/context.ts';
import { awardBandsOf } from '../competitions/award-bands.ts';
import type { CompetitionRow } from '../competitions/competition.ts';
import { gradingImage } from '../exam/answer-photos.service.ts';
import { photoKey, photosOfQuestions, questionsOf } from '../exam/public.ts';
import {
  answersOfQuestions,
  attemptsOf,
  findPublication,
  marksOfQuestions,
  participantsOf,
} from './results.repo.ts';
import { effectiveMarks, rankByTotal } from './standings.ts';

/**
 * Everything about a category's exam that grading, results and certificates need, read once. Its
 * `standings` are the one ranking (rankByTotal, awardFor in standings.ts) that every page and PDF shows.
 */
export async function categorySheet(ctx: ServiceContext, competition: CompetitionRow, category: Category) {
  const competitionId = competition.id;
  const questions = await questionsOf(ctx.db, competitionId, category);
  const ids = questions.map((question) => question.id);
  const [participants, answers, photos, marks, attempts, publication] = await Promise.all([
    participantsOf(ctx.db, competitionId, category),
    answersOfQuestions(ctx.db, ids),
    photosOfQuestions(ctx.db, ids),
    marksOfQuestions(ctx.db, ids),
    attemptsOf(ctx.db, competitionId),
    findPublication(ctx.db, competitionId, category),
  ]);
  const key = (userId: string, questionId: string) => `${userId}/${questionId}`;
  const answerOf = new Map(answers.map((answer) => [key(answer.userId, answer.questionId), answer]));
  const markOf = new Map(marks.map((mark) => [key(mark.userId, mark.questionId), mark]));
  const submittedAt = new Map(attempts.map((attempt) => [attempt.userId, attempt.submittedAt]));
  const photoOf = new Map(photos.map((photo) => [photoKey(photo.userId, photo.sha256), photo]));
  const ungraded = answers.filter(
    (answer) =>
      answer.images.length > 0 && effectiveMarks(markOf.get(key(answer.userId, answer.questionId))) === null,
  ).length;
  const standings = rankByTotal(
    participants.map((p) => ({
      ...p,
      total: questions.reduce((sum, q) => sum + (effectiveMarks(markOf.get(key(p.userId, q.id))) ?? 0), 0),
    })),
    awardBandsOf(competition, category),
  );
  /** An answer's photos as graders see them (never an unprocessed file). */
  const imagesOf = (userId: string, questionId: string) =>
    (answerOf.get(key(userId, questionId))?.images ?? []).map((image) =>
      gradingImage(image, photoOf.get(photoKey(userId, image.sha256))),
    );
  return {
    questions,
    participants,
    answerOf,
    imagesOf,
    markOf,
    submittedAt,
    publication,
    ungraded,
    standings,
    key,
  };
}

import { randomUUID } from 'node:crypto';
import type { Category } from '@ngso/shared/constants';
import type {
  ClaimInputSchema,
  ClaimKeySchema,
  ClaimResult,
  GradingProgress,
} from '@ngso/shared/schemas/grading';
import { CLAIM_SECONDS, PACE_WINDOW_MINUTES } from '@ngso/shared/schemas/grading';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { isUuid } from '../../lib/ids.ts';
import { toDhakaIso } from '../../lib/time.ts';
import type { UserRow } from '../auth/user.ts';
import { competitionByCodeOr404 } from '../competitions/competitions.service.ts';
import { findCompetitionById } from '../competitions/public.ts';
import { gradingImage } from '../exam/answer-photos.service.ts';
import { questionsOf } from '../exam/public.ts';
import { studentReceipts } from '../receipts/receipts.service.ts';
import { findRegistrationOfUser } from '../registration/public.ts';
import { findMark, findPublication } from '../results/public.ts';
import { effectiveMarks } from '../results/standings.ts';
import {
  answerWithPhotos,
  claimCandidates,
  gradedSince,
  graderProgress,
  heldBy,
  isAnswerToGrade,
  questionProgress,
  releaseClaim,
  releaseOtherClaims,
  renewClaim,
  takeClaim,
} from './grading.repo.ts';
import { assertMayGradeNow } from './grading-access.ts';
import { rubricOf } from './rubric.repo.ts';
import { shownItem } from './rubric.service.ts';
import { findQuestionWithMarkedTwice } from './second-marking.repo.ts';
import { agreementOf } from './second-marking.service.ts';

/**
 * Grading as a team (docs/decisions/037-grading-as-a-team.md): a grader takes one answer at a time from
 * the server, which holds it for them for CLAIM_SECONDS, renewed by the page's heartbeat. Two graders
 * never hold the same answer; a save on an answer someone else holds is refused (results.service.ts).
 */

/** How many candidates one claim reads at once (a race lost to another grader moves on to the next). */
const CANDIDATES = 6;

const expiry = (now: Date) => new Date(now.getTime() + CLAIM_SECONDS * 1000);

/**
 * The question, when this member of staff may grade it now (graders: open and not yet published), with
 * whether its second marking is on (read with it).
 */
async function gradableQuestion(ctx: ServiceContext, staff: UserRow, questionId: string) {
  const question = isUuid(questionId) ? await findQuestionWithMarkedTwice(ctx.db, questionId) : undefined;
  if (!question) throw new AppError(404, 'question.notFound');
  await assertMayGradeNow(ctx, staff, question.competitionId, question.category);
  if (staff.role !== 'admin' && (await findPublication(ctx.db, question.competitionId, question.category))) {
    throw new AppError(403, 'marks.published');
  }
  return question;
}

/**
 * The receipts of one student's photos in one question's answer, as the student got them: for an admin
 * settling a dispute, who compares them with the one a student shows (decision 062).
 */
async function receiptsOfStudent(
  ctx: ServiceContext,
  question: { competitionId: string; category: string },
  rollNumber: string,
) {
  const [competition, questions] = await Promise.all([
    findCompetitionById(ctx.db, question.competitionId),
    questionsOf(ctx.db, question.competitionId, question.category),
  ]);
  return competition
    ? studentReceipts(ctx, { competition: competition.code, rollNumber, questions })
    : undefined;
}

/** An answer as the grader who holds it sees it: photos by state, the marks that count, no name for graders. */
async function shownAnswer(
  ctx: ServiceContext,
  staff: UserRow,
  question: { id: string; competitionId: string; category: string },
  userId: string,
  expiresAt: Date,
  /** The answer's marks when already read (null: none). */
  known?: Awaited<ReturnType<typeof findMark>> | null,
) {
  const [found, mark, registration] = await Promise.all([
    answerWithPhotos(ctx.db, userId, question.id),
    known === undefined ? findMark(ctx.db, userId, question.id) : known,
    findRegistrationOfUser(ctx.db, question.competitionId, userId),
  ]);
  const photoOf = new Map((found?.photos ?? []).map((photo) => [photo.sha256, photo]));
  const rollNumber = registration?.rollNumber ?? null;
  // The receipt the student holds for each photo, beside it: for an admin settling a dispute (decision 062).
  const receiptFor =
    staff.role === 'admin' && rollNumber ? await receiptsOfStudent(ctx, question, rollNumber) : undefined;
  return {
    user_id: userId,
    name: staff.role === 'admin' ? (registration?.name ?? null) : null,
    roll_number: rollNumber,
    images: (found?.answer.images ?? []).map((image) => {
      const photo = photoOf.get(image.sha256);
      return { ...gradingImage(image, photo), ...receiptFor?.(question.id, image, photo?.committedAt) };
    }),
    marks: effectiveMarks(mark ?? undefined),
    comment: mark?.overrideComment ?? mark?.graderComment ?? null,
    rubric: (mark?.overrideMarks != null ? mark.overrideRubric : mark?.graderRubric) ?? null,
    expires_at: toDhakaIso(expiresAt),
  };
}

/** The ready photos of an answer, for the browser to fetch before the grader gets there. */
async function prefetchOf(ctx: ServiceContext, questionId: string, userId: string | undefined) {
  if (!userId) return [];
  const found = await answerWithPhotos(ctx.db, userId, questionId);
  const photoOf = new Map((found?.photos ?? []).map((photo) => [photo.sha256, photo]));
  return (found?.answer.images ?? []).flatMap((image) => {
    const shown = gradingImage(image, photoOf.get(image.sha256));
    return shown.url ? [shown.url] : [];
  });
}

/**
 * Takes an answer for this grader: the one asked for (`user_id`, which may be graded already: to look
 * again), or the next free one in the grader's order. Returns it with the question's progress and the
 * photos of the answer likely to come next.
 */
export async function claimAnswer(
  ctx: ServiceContext,
  staff: UserRow,
  input: z.output<typeof ClaimInputSchema>,
): Promise<ClaimResult> {
  const question = await gradableQuestion(ctx, staff, input.question_id);
  const skip = (input.skip ?? []).filter(isUuid);
  const now = ctx.clock.now();
  const expiresAt = expiry(now);
  let claimed: string | undefined;
  let following: string | undefined;
  let claimedMark: Awaited<ReturnType<typeof findMark>> | null | undefined;
  if (input.user_id !== undefined) {
    if (!isUuid(input.user_id) || !(await isAnswerToGrade(ctx.db, question.id, input.user_id))) {
      throw new AppError(404, 'marks.noAnswer');
    }
    // With second marking on, looking again is for one's own marks: another grader's stays unseen (blind).
    claimedMark = (await findMark(ctx.db, input.user_id, question.id)) ?? null;
    if (
      staff.role !== 'admin' &&
      claimedMark?.graderId &&
      claimedMark.graderId !== staff.id &&
      question.markedTwice
    ) {
      throw new AppError(403, 'grading.markedByOther');
    }
    const row = await takeClaim(ctx.db, {
      userId: input.user_id,
      questionId: question.id,
      graderId: staff.id,
      now,
      expiresAt,
    });
    if (!row) throw new AppError(409, 'grading.claimedByOther');
    claimed = input.user_id;
  } else {
    // One already held (a reload) comes back first.
    const mine = await heldBy(ctx.db, question.id, staff.id, now);
    if (mine && !skip.includes(mine)) {
      await takeClaim(ctx.db, { userId: mine, questionId: question.id, graderId: staff.id, now, expiresAt });
      claimed = mine;
    }
    // Another grader may take a candidate between the read and the claim: then the next one is tried.
    for (let round = 0; round < 4 && !claimed; round += 1) {
      const from = randomUUID();
      const candidates = await claimCandidates(ctx.db, question.id, staff.id, now, skip, CANDIDATES, from);
      if (candidates.length === 0) break;
      for (const [index, userId] of candidates.entries()) {
        const row = await takeClaim(ctx.db, {
          userId,
          questionId: question.id,
          graderId: staff.id,
          now,
          expiresAt,
        });
        if (!row) continue;
        // Graded by someone between the read and the claim: give it back.
        const mark = await findMark(ctx.db, userId, question.id);
        if (effectiveMarks(mark) !== null) {
          await releaseClaim(ctx.db, { userId, questionId: question.id, graderId: staff.id });
          continue;
        }
        claimedMark = mark ?? null;
        claimed = userId;
        following = candidates[index + 1];
        break;
      }
    }
  }
  if (claimed) await releaseOtherClaims(ctx.db, question.id, staff.id, claimed);
  const [answer, progress, prefetch, rubric] = await Promise.all([
    claimed ? shownAnswer(ctx, staff, question, claimed, expiresAt, claimedMark) : null,
    // Answers waiting for photos are counted when none was free: the page then says why.
    questionProgress(ctx.db, question.id, now, !claimed),
    prefetchOf(ctx, question.id, following),
    rubricOf(ctx.db, question.id),
  ]);
  return { answer, progress, prefetch, rubric: rubric.map(shownItem) };
}

/** Renews this grader's hold while they work on the answer; 409 when it is no longer theirs. */
export async function heartbeat(ctx: ServiceContext, staff: UserRow, input: z.output<typeof ClaimKeySchema>) {
  if (!isUuid(input.question_id) || !isUuid(input.user_id)) throw new AppError(409, 'grading.claimLost');
  const expiresAt = expiry(ctx.clock.now());
  const row = await renewClaim(
    ctx.db,
    { userId: input.user_id, questionId: input.question_id, graderId: staff.id },
    expiresAt,
  );
  if (!row) throw new AppError(409, 'grading.claimLost');
  return { expires_at: toDhakaIso(expiresAt) };
}

/** Gives an answer back (the grader left it); nothing when it is not theirs. */
export async function release(ctx: ServiceContext, staff: UserRow, input: z.output<typeof ClaimKeySchema>) {
  if (!isUuid(input.question_id) || !isUuid(input.user_id)) return;
  await releaseClaim(ctx.db, { userId: input.user_id, questionId: input.question_id, graderId: staff.id });
}

/**
 * A category's grading progress (decision 037): per question, the answers graded, held now, waiting for
 * photos and left, with the pace of the last hour and the minutes left at it; per grader (admins only), the
 * answers graded, held now and their pace.
 */
export async function gradingProgress(
  ctx: ServiceContext,
  staff: UserRow,
  code: string,
  category: Category,
): Promise<GradingProgress> {
  const competition = await competitionByCodeOr404(ctx.db, code);
  await assertMayGradeNow(ctx, staff, competition.id, category);
  const now = ctx.clock.now();
  const since = new Date(now.getTime() - PACE_WINDOW_MINUTES * 60_000);
  const questions = await questionsOf(ctx.db, competition.id, category);
  const ids = questions.map((question) => question.id);
  const [counts, recent, graders, agreement] = await Promise.all([
    Promise.all(ids.map((id) => questionProgress(ctx.db, id, now))),
    gradedSince(ctx.db, ids, since),
    staff.role === 'admin' ? graderProgress(ctx.db, ids, now, since) : [],
    staff.role === 'admin' ? agreementOf(ctx, ids) : new Map<string, { compared: number; agreed: number }>(),
  ]);
  const recentOf = new Map(recent.map((row) => [row.questionId, Number(row.count)]));
  const perHour = (count: number) => Math.round((count * 60) / PACE_WINDOW_MINUTES);
  return {
    questions: questions.map((question, index) => {
      const count = counts[index] ?? { total: 0, graded: 0, claimed: 0, waiting: 0 };
      const waiting = count.waiting ?? 0;
      const left = count.total - count.graded;
      const pace = perHour(recentOf.get(question.id) ?? 0);
      return {
        question_id: question.id,
        position: question.position,
        ...count,
        waiting,
        left,
        per_hour: pace,
        minutes_left: left === 0 ? 0 : pace > 0 ? Math.ceil((left / pace) * 60) : null,
      };
    }),
    graders: graders.map((grader) => ({
      grader_id: grader.graderId,
      name: grader.name,
      graded: grader.graded,
      claimed: grader.claimed,
      per_hour: perHour(grader.recent),
      compared: agreement.get(grader.graderId)?.compared ?? 0,
      agreed: agreement.get(grader.graderId)?.agreed ?? 0,
    })),
  };
}

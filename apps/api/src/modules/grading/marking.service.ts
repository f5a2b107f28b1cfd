import type { Category } from '@ngso/shared/constants';
import type { MarkInputSchema, Submission } from '@ngso/shared/schemas/results';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { isUuid } from '../../lib/ids.ts';
import { toDhakaIso } from '../../lib/time.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { UserRow } from '../auth/user.ts';
import { competitionByCodeOr404 } from '../competitions/competitions.service.ts';
import { findQuestion } from '../exam/public.ts';
import { findRegistrationOfUser } from '../registration/public.ts';
import { categorySheet } from '../results/category-sheet.ts';
import { findMark, findPublication, lockCategoryResultsShared, writeMark } from '../results/public.ts';
import { standingsOf } from '../results/results.service.ts';
import { effectiveMarks } from '../results/standings.ts';
import { forgetStandings } from '../results/standings-cache.ts';
import { lockClaim, releaseClaim } from './grading.repo.ts';
import { assertMayGradeNow } from './grading-access.ts';
import { marksByRubric, rubricChoiceOf } from './rubric.service.ts';
import { questionsMarkedTwice } from './second-marking.repo.ts';

/**
 * Marking (decision 070: grading owns it): the answers graders see and the marks they give. The marks are
 * kept where results reads them for the standings (results.repo.ts, categorySheet).
 */

/**
 * Every participant's answers with their marks, for grading. A grader gets them once the category's last
 * window has ended (grading-access.ts), with the roll number but not the name: the answer photos and the
 * roll number are all that grading needs. Admins see the names (hidden in the console by default).
 */
export async function submissionsOf(
  ctx: ServiceContext,
  viewer: UserRow,
  code: string,
  category: Category,
): Promise<Submission[]> {
  const competition = await competitionByCodeOr404(ctx.db, code);
  await assertMayGradeNow(ctx, viewer, competition.id, category);
  const sheet = await categorySheet(ctx, competition, category);
  const blind =
    viewer.role === 'admin'
      ? new Set<string>()
      : await questionsMarkedTwice(
          ctx.db,
          sheet.questions.map((q) => q.id),
        );
  return sheet.participants.map((p) => ({
    user_id: p.userId,
    name: viewer.role === 'admin' ? p.name : null,
    roll_number: p.rollNumber,
    submitted_at: sheet.submittedAt.get(p.userId)
      ? toDhakaIso(sheet.submittedAt.get(p.userId) as Date)
      : null,
    answers: sheet.questions.map((q) => {
      const given = sheet.markOf.get(sheet.key(p.userId, q.id));
      // With second marking on, a grader sees the marks they gave, not another grader's (blind).
      const hidden = blind.has(q.id) && given?.graderId && given.graderId !== viewer.id;
      const mark = hidden ? undefined : given;
      const images = sheet.imagesOf(p.userId, q.id);
      return {
        question_id: q.id,
        image_urls: images.flatMap((image) => (image.url ? [image.url] : [])),
        images,
        marks: effectiveMarks(mark),
        comment: mark?.overrideComment ?? mark?.graderComment ?? null,
        grader_marks: mark?.graderMarks ?? null,
        grader_comment: mark?.graderComment ?? null,
        override_marks: mark?.overrideMarks ?? null,
        override_comment: mark?.overrideComment ?? null,
      };
    }),
  }));
}

/**
 * Gives marks (0 to the question's marks) and a comment to one answer. A grader's marks are kept; an admin
 * marking an answer a grader already marked overrides it, and both stay on record. A grader marks only
 * once grading is open, and never after the category's results are published; an admin may still change
 * marks then, recorded in the audit log as `marks.after_publication`.
 */
export async function giveMarks(
  ctx: ServiceContext,
  staff: UserRow,
  userId: string,
  input: z.output<typeof MarkInputSchema>,
) {
  const question = isUuid(input.question_id) ? await findQuestion(ctx.db, input.question_id) : undefined;
  if (!question || !isUuid(userId)) throw new AppError(404, 'marks.noAnswer');
  const byRubric = input.rubric_items !== undefined;
  if (!byRubric && input.marks > question.marks) {
    throw new AppError(422, 'validation.failed', {
      fieldErrors: { marks: ['marks.range'] },
      params: { max: question.marks },
    });
  }
  await assertMayGradeNow(ctx, staff, question.competitionId, question.category);
  const publication = await findPublication(ctx.db, question.competitionId, question.category);
  if (publication && staff.role !== 'admin') throw new AppError(403, 'marks.published');
  const registration = await findRegistrationOfUser(ctx.db, question.competitionId, userId);
  if (registration?.status !== 'approved' || registration.category !== question.category) {
    throw new AppError(404, 'marks.noAnswer');
  }
  const existing = await findMark(ctx.db, userId, question.id);
  const now = ctx.clock.now();
  const comment = input.comment ?? null;
  const choice = rubricChoiceOf(input, comment);
  const overriding =
    staff.role === 'admin' && existing?.graderMarks != null && existing.graderId !== staff.id;
  const valuesFor = (given: number) =>
    overriding
      ? {
          userId,
          questionId: question.id,
          overrideMarks: given,
          overrideComment: comment,
          overrideBy: staff.id,
          overriddenAt: now,
          overrideRubric: choice,
        }
      : {
          userId,
          questionId: question.id,
          graderMarks: given,
          graderComment: comment,
          graderId: staff.id,
          gradedAt: now,
          graderRubric: choice,
        };
  const written = await ctx.db.transaction(async (tx) => {
    // Checked again under the category's lock (shared among marks): a publication committed since the check
    // above wins.
    await lockCategoryResultsShared(tx, question.competitionId, question.category);
    // By rubric, the mark is computed here from the items as they stand under the lock (decision 037).
    const given = choice ? await marksByRubric(tx, question, choice) : input.marks;
    const values = valuesFor(given);
    const publishedNow =
      publication ?? (await findPublication(tx, question.competitionId, question.category));
    if (publishedNow && staff.role !== 'admin') throw new AppError(403, 'marks.published');
    // Grading as a team (decision 037): another grader's live hold refuses the save; a save made from a
    // hold is refused once the hold is no longer this grader's (it ran out and someone else took it).
    const claim = await lockClaim(tx, userId, question.id);
    if (input.claimed && claim?.graderId !== staff.id) throw new AppError(409, 'grading.claimLost');
    if (claim && claim.graderId !== staff.id && claim.expiresAt > now) {
      throw new AppError(409, 'grading.claimedByOther');
    }
    const written = await writeMark(tx, values);
    if (claim) await releaseClaim(tx, { userId, questionId: question.id, graderId: staff.id });
    await recordAudit(tx, {
      actorId: staff.id,
      action: publishedNow ? 'marks.after_publication' : overriding ? 'marks.override' : 'marks.grade',
      targetType: 'answer',
      targetId: `${userId}/${question.id}`,
      before: existing ?? null,
      after: written,
      at: now,
    });
    return written;
  });
  forgetStandings(ctx.db, question.competitionId, question.category);
  return written;
}

/** A category's standings for staff: a grader sees them only once grading is open, and without names. */
export async function standingsForStaff(
  ctx: ServiceContext,
  viewer: UserRow,
  code: string,
  category: Category,
) {
  const competition = await competitionByCodeOr404(ctx.db, code);
  await assertMayGradeNow(ctx, viewer, competition.id, category);
  return standingsOf(ctx, viewer, code, category);
}

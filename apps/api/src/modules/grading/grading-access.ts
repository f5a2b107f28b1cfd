import { studentWindow } from '@ngso/shared/exam-phase';
import { AppError } from '../../lib/app-error.ts';
import type { ServiceContext } from '../../lib/context.ts';
import type { UserRow } from '../auth/user.ts';
import { findExam } from '../exam/public.ts';
import { graceEnd } from '../exam/student-exam.ts';
import { answerOfMedia, mostExtraMinutes } from './grading-access.repo.ts';

/**
 * What a grader may see (docs/decisions/023-grader-visibility.md). Admins run the exam and see everything
 * at any time; a grader sees a category's questions and answers only once the exam has ended for every
 * student of it: the exam's end, moved by the most extra minutes any approved entrant was given, and the
 * grace in which answers are still saved (EXAM_GRACE_SECONDS). Before that, nothing a grader could read
 * would be final, and a question seen early is a question leaked.
 */

/** When grading opens for a category: undefined while it has no exam. */
export async function gradingOpensAt(ctx: ServiceContext, competitionId: string, category: string) {
  const exam = await findExam(ctx.db, competitionId, category);
  if (!exam) return undefined;
  const extraMinutes = await mostExtraMinutes(ctx.db, competitionId, category);
  return graceEnd(ctx, { window: studentWindow(exam, extraMinutes) });
}

/** Whether this member of staff may see the category's questions and answers now. */
export async function mayGradeNow(
  ctx: ServiceContext,
  viewer: UserRow,
  competitionId: string,
  category: string,
) {
  if (viewer.role === 'admin') return true;
  if (viewer.role !== 'grader') return false;
  const opensAt = await gradingOpensAt(ctx, competitionId, category);
  return opensAt !== undefined && ctx.clock.now() >= opensAt;
}

/** Refuses a grader before the category's last window has ended (403, with a sentence that says so). */
export async function assertMayGradeNow(
  ctx: ServiceContext,
  viewer: UserRow,
  competitionId: string,
  category: string,
) {
  if (!(await mayGradeNow(ctx, viewer, competitionId, category))) {
    throw new AppError(403, viewer.role === 'grader' ? 'grading.notOpen' : 'auth.forbidden');
  }
}

/**
 * Whether a grader may see a stored file: only a photo of an answer as it stands, in a category they may
 * grade now. Never a profile photo, an e-book page or anyone's upload that is not part of an answer.
 */
export async function graderMaySeeMedia(ctx: ServiceContext, viewer: UserRow, mediaId: string) {
  const answer = await answerOfMedia(ctx.db, mediaId);
  return answer !== undefined && mayGradeNow(ctx, viewer, answer.competitionId, answer.category);
}

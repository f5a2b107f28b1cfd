import { AppError } from '../../lib/app-error.ts';
import type { ServiceContext } from '../../lib/context.ts';
import type { UserRow } from '../auth/user.ts';

type MayGradeNow = (
  ctx: ServiceContext,
  viewer: UserRow,
  competitionId: string,
  category: string,
) => Promise<boolean>;

/**
 * Whether a member of staff may see a category's questions now (the console's question list, diagrams and
 * paper). The rule is grading's (`mayGradeNow` in grading/grading-access.ts, decision 023), a module above the
 * exam (decision 070): app.ts gives it. Until it is given, only admins see them.
 */
let mayGradeNow: MayGradeNow = async (_ctx, viewer) => viewer.role === 'admin';

/** Sets who among the staff may see a category's questions when (app.ts, with grading's rule). */
export function letStaffSeeQuestionsWhen(rule: MayGradeNow) {
  mayGradeNow = rule;
}

export const staffMaySeeQuestions: MayGradeNow = (ctx, viewer, competitionId, category) =>
  mayGradeNow(ctx, viewer, competitionId, category);

/** The refusal of staff before grading opens: 403, with a sentence that says so to a grader. */
export const gradingNotOpen = (viewer: UserRow) =>
  new AppError(403, viewer.role === 'grader' ? 'grading.notOpen' : 'auth.forbidden');

/** Refuses a grader before the category's last window has ended (grading's rule, as app.ts gave it). */
export async function assertStaffMaySeeQuestions(
  ctx: ServiceContext,
  viewer: UserRow,
  competitionId: string,
  category: string,
) {
  if (!(await staffMaySeeQuestions(ctx, viewer, competitionId, category))) throw gradingNotOpen(viewer);
}

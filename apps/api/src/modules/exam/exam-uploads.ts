import { studentWindow } from '@ngso/shared/exam-phase';
import { AppError } from '../../lib/app-error.ts';
import type { ServiceContext } from '../../lib/context.ts';
import type { UserRow } from '../auth/auth.repo.ts';
import { approvedExamWindowsOf } from './exam.repo.ts';
import { deliveryEnd } from './student-exam.ts';

/**
 * Who may upload answer photos (POST /v1/upload): staff, for their own tools, and an approved entrant from
 * their window's start until their delivery deadline. Anyone else is refused before the body is read.
 */
export async function assertMayUploadAnswerPhotos(ctx: ServiceContext, user: UserRow): Promise<void> {
  if (user.role === 'admin' || user.role === 'grader') return;
  const now = ctx.clock.now();
  const windows = await approvedExamWindowsOf(ctx.db, user.id);
  const open = windows.some((exam) => {
    const window = studentWindow(exam, exam.extraMinutes ?? 0);
    return now >= window.start && now < deliveryEnd(ctx, { window });
  });
  if (!open) throw new AppError(403, 'upload.notInExam');
}

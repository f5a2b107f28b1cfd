import { studentWindow } from '@ngso/shared/exam-phase';
import { AppError } from '../../lib/app-error.ts';
import type { ServiceContext } from '../../lib/context.ts';
import type { UserRow } from '../auth/user.ts';
import {
  discardReceivedFile,
  insertMediaAlone,
  receivedFileRecorded,
  storeReceivedFile,
} from '../media/media.service.ts';
import type { NewMediaRow } from '../media/public.ts';
import { recordAnswerPhoto } from './answer-upload-gate.ts';
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

type ReceivedUpload = Parameters<typeof storeReceivedFile>[2];

/**
 * An answer photo's bytes, top to bottom: media stores them and answers the row that records them; `write`
 * (the exam's) writes that row within the owner's quota, undefined when the quota refused it; media then
 * queues the file's processing, or removes the file when its row was not written.
 */
export async function storeAndRecord<T extends { id: string }>(
  ctx: ServiceContext,
  user: UserRow,
  upload: ReceivedUpload,
  write: (file: NewMediaRow) => Promise<T | undefined>,
) {
  const file = await storeReceivedFile(ctx, user, upload);
  const written = await write(file).catch(async (err: unknown) => {
    await discardReceivedFile(ctx, file);
    throw err;
  });
  return receivedFileRecorded(ctx, file, written);
}

/**
 * A photo sent to POST /v1/upload (the answers of clients that send URLs): acknowledged once its bytes are
 * durable and its row is written `pending`; re-encoding runs later in the image jobs. Its row is written a
 * few at a time (recordAnswerPhoto): the exam's JSON calls need the database's connections too.
 */
export function storeAnswerUpload(ctx: ServiceContext, user: UserRow, upload: ReceivedUpload) {
  return storeAndRecord(ctx, user, upload, (file) => recordAnswerPhoto(() => insertMediaAlone(ctx.db, file)));
}

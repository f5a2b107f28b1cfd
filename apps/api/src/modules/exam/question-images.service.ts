import { DIAGRAM_PHONE_SIDE_PX } from '@ngso/shared/question-diagrams';
import type { QuestionImage, QuestionImageInput, UploadedDiagram } from '@ngso/shared/schemas/exam';
import type { Executor } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { isUuid } from '../../lib/ids.ts';
import { newImageKey } from '../../lib/storage.ts';
import type { UserRow } from '../auth/auth.repo.ts';
import { type Auth, assertPastSecondFactor } from '../auth/sessions.ts';
import { mayGradeNow } from '../grading/grading-access.ts';
import { processImage, scaledDown } from '../media/image-pipeline.ts';
import { findEntrant } from './exam.repo.ts';
import { cachedExamDefinition } from './exam-cache.ts';
import {
  deleteUnattachedImages,
  findQuestionImage,
  imagesByIds,
  insertQuestionImage,
  type QuestionImageRow,
} from './question-images.repo.ts';

/**
 * A question's diagrams (docs/decisions/040-question-diagrams.md): uploaded in the editor, processed at once
 * by the image pipeline into a phone's size and a zoom size, named by the question on save, and served only
 * to those who may read the question: admins, a grader once grading of its category is open, and an approved
 * entrant of its category from their window's start (before it, in the encrypted paper only).
 */

export type DiagramSize = 'phone' | 'zoom';

export const diagramUrl = (id: string, size: DiagramSize) => `/api/v1/question-images/${id}/${size}`;

export const toQuestionImage = (row: QuestionImageRow): QuestionImage => ({
  id: row.id,
  url: diagramUrl(row.id, 'phone'),
  width: row.phoneWidth,
  height: row.phoneHeight,
  alt_en: row.altEnglish,
  alt_bn: row.altBangla,
  zoom_url: diagramUrl(row.id, 'zoom'),
});

/** How long an upload no question names is kept (an editor left open over lunch still saves). */
const UNATTACHED_KEPT_MS = 24 * 60 * 60 * 1000;

/** Stores an uploaded diagram in both sizes, not yet part of a question. */
export async function uploadDiagram(
  ctx: ServiceContext,
  admin: UserRow,
  upload: { data: Buffer; fileName: string },
): Promise<UploadedDiagram> {
  const zoom = await processImage(upload.data, upload.fileName);
  const phone = await scaledDown(zoom, DIAGRAM_PHONE_SIDE_PX);
  const zoomKey = newImageKey();
  const phoneKey = newImageKey();
  await ctx.storage.put(zoomKey, zoom.data);
  await ctx.storage.put(phoneKey, phone.data);
  let row: QuestionImageRow;
  try {
    row = await insertQuestionImage(ctx.db, {
      uploadedBy: admin.id,
      phoneKey,
      phoneWidth: phone.width,
      phoneHeight: phone.height,
      phoneSizeBytes: phone.data.length,
      phoneSha256: phone.sha256,
      zoomKey,
      zoomWidth: zoom.width,
      zoomHeight: zoom.height,
      zoomSizeBytes: zoom.data.length,
      zoomSha256: zoom.sha256,
      createdAt: ctx.clock.now(),
    });
  } catch (err) {
    await removeFiles(ctx, [{ phoneKey, zoomKey }]);
    throw err;
  }
  await removeFiles(
    ctx,
    await deleteUnattachedImages(ctx.db, new Date(ctx.clock.now().getTime() - UNATTACHED_KEPT_MS)),
  );
  const image = toQuestionImage(row);
  return { id: row.id, url: image.url, zoom_url: image.zoom_url, width: zoom.width, height: zoom.height };
}

/** Removes the files of diagrams whose rows are gone (after the transaction that removed them). */
export async function removeFiles(
  ctx: ServiceContext,
  rows: readonly { phoneKey: string; zoomKey: string }[],
) {
  await Promise.all(
    rows.flatMap((row) => [ctx.storage.delete(row.phoneKey), ctx.storage.delete(row.zoomKey)]),
  );
}

/**
 * The diagrams a question's save names, checked: each must be an upload no other question holds (422
 * naming the list otherwise: the editor asks to upload it again).
 */
export async function diagramsForSave(
  db: Executor,
  questionId: string | undefined,
  inputs: readonly QuestionImageInput[],
) {
  const ids = inputs.map((input) => input.id);
  const unusable = () =>
    new AppError(422, 'validation.failed', { fieldErrors: { images: ['question.diagramNotFound'] } });
  if (ids.some((id) => !isUuid(id)) || new Set(ids).size !== ids.length) throw unusable();
  const rows = await imagesByIds(db, ids);
  const usable = rows.filter((row) => row.questionId === null || row.questionId === questionId);
  if (usable.length !== ids.length) throw unusable();
  return inputs.map((input) => ({ id: input.id, altEnglish: input.alt_en, altBangla: input.alt_bn }));
}

/** Whether a student may see the category's diagrams now: approved in it, and their window has started. */
async function studentMaySee(ctx: ServiceContext, viewer: UserRow, competitionId: string, category: string) {
  const entrant = await findEntrant(ctx.db, competitionId, viewer.id);
  if (entrant?.status !== 'approved' || entrant.category !== category) return false;
  const { exam } = await cachedExamDefinition(ctx.db, competitionId, category);
  return exam !== undefined && ctx.clock.now() >= exam.startsAt;
}

/**
 * A diagram for the viewer, or why not: 404 for what does not exist (and an upload no question holds yet,
 * to anyone but admins), 403 for a question the viewer may not read now.
 */
export async function readableDiagram(ctx: ServiceContext, auth: Auth, id: string) {
  const viewer = auth.user;
  // Staff read by their role only past the second factor, as in the console.
  assertPastSecondFactor(auth);
  const found = isUuid(id) ? await findQuestionImage(ctx.db, id) : undefined;
  if (!found) throw notFound();
  if (viewer.role === 'admin') return found.image;
  const { competitionId, category } = found;
  if (!competitionId || !category) throw notFound();
  const allowed =
    viewer.role === 'grader'
      ? await mayGradeNow(ctx, viewer, competitionId, category)
      : await studentMaySee(ctx, viewer, competitionId, category);
  if (!allowed) throw new AppError(403, viewer.role === 'grader' ? 'grading.notOpen' : 'exam.notOpen');
  return found.image;
}

/** The diagrams as the encrypted paper carries them: the phone size itself, as a `data:` URL. */
export async function inlinedImages(ctx: Pick<ServiceContext, 'storage'>, rows: readonly QuestionImageRow[]) {
  return Promise.all(
    rows.map(async (row) => ({
      ...toQuestionImage(row),
      url: `data:image/jpeg;base64,${(await ctx.storage.read(row.phoneKey)).toString('base64')}`,
    })),
  );
}

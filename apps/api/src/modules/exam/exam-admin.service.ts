import type { Category } from '@ngso/shared/constants';
import type { MessageKey } from '@ngso/shared/messages/en';
import { unknownMarker } from '@ngso/shared/question-diagrams';
import type { QuestionInputSchema } from '@ngso/shared/schemas/exam';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { isUuid } from '../../lib/ids.ts';
import { toDhakaIso } from '../../lib/time.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { findUserById, type UserRow } from '../auth/auth.repo.ts';
import { competitionByCodeOr404 } from '../competitions/competitions.service.ts';
import { assertMayGradeNow } from '../grading/grading-access.ts';
import {
  deleteQuestion,
  type ExamRow,
  findExam,
  findQuestion,
  insertQuestion,
  questionsOf,
  setExtraMinutes,
  updateQuestion,
  writeExamWindow,
} from './exam.repo.ts';
import { toQuestion } from './exam.service.ts';
import { forgetExamDefinition } from './exam-cache.ts';
import {
  imagesOfQuestion,
  type QuestionImageRow,
  type QuestionWithImages,
  setQuestionImages,
  withImages,
} from './question-images.repo.ts';
import { diagramsForSave, removeFiles } from './question-images.service.ts';
import { FormulaError, renderQuestionText } from './question-text.ts';

export const toAdminExam = (row: ExamRow) => ({
  category: row.category as Category,
  starts_at: toDhakaIso(row.startsAt),
  ends_at: toDhakaIso(row.endsAt),
  duration_minutes: Math.round((row.endsAt.getTime() - row.startsAt.getTime()) / 60_000),
});

export const toAdminQuestion = (row: QuestionWithImages) => ({
  ...toQuestion(row),
  category: row.category as Category,
  position: row.position,
});

async function examOf(ctx: ServiceContext, code: string, category: Category) {
  const competition = await competitionByCodeOr404(ctx.db, code);
  const exam = await findExam(ctx.db, competition.id, category);
  if (!exam) throw new AppError(404, 'notFound');
  return { competition, exam };
}

export async function examWindowOf(ctx: ServiceContext, code: string, category: Category) {
  return toAdminExam((await examOf(ctx, code, category)).exam);
}

export async function changeExamWindow(
  ctx: ServiceContext,
  admin: UserRow,
  code: string,
  category: Category,
  window: { starts_at: string; ends_at: string },
) {
  const competition = await competitionByCodeOr404(ctx.db, code);
  if (!(competition.categories as string[]).includes(category)) throw new AppError(404, 'notFound');
  const before = await findExam(ctx.db, competition.id, category);
  const changed = await ctx.db.transaction(async (tx) => {
    const row = await writeExamWindow(
      tx,
      competition.id,
      category,
      new Date(window.starts_at),
      new Date(window.ends_at),
    );
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'exam.window',
      targetType: 'exam',
      targetId: `${competition.code}/${category}`,
      before: before ? toAdminExam(before) : null,
      after: toAdminExam(row),
      at: ctx.clock.now(),
    });
    return toAdminExam(row);
  });
  forgetExamDefinition(ctx.db, competition.id, category);
  return changed;
}

/** Extra minutes for one student (an accessibility need): moves that student's end only. */
export async function giveExtraTime(
  ctx: ServiceContext,
  admin: UserRow,
  code: string,
  category: Category,
  extension: { user_id: string; minutes: number },
) {
  const { competition } = await examOf(ctx, code, category);
  const student = isUuid(extension.user_id) ? await findUserById(ctx.db, extension.user_id) : undefined;
  if (!student) throw new AppError(404, 'user.notFound');
  await ctx.db.transaction(async (tx) => {
    await setExtraMinutes(tx, competition.id, student.id, extension.minutes);
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'exam.extra_time',
      targetType: 'user',
      targetId: student.id,
      after: { minutes: extension.minutes, competition: competition.code, category },
      at: ctx.clock.now(),
    });
  });
}

/** A category's questions: for admins at any time, for a grader once grading is open (grading-access.ts). */
export async function questionsForAdmin(
  ctx: ServiceContext,
  viewer: UserRow,
  code: string,
  category: Category,
) {
  const competition = await competitionByCodeOr404(ctx.db, code);
  await assertMayGradeNow(ctx, viewer, competition.id, category);
  return (await withImages(ctx.db, await questionsOf(ctx.db, competition.id, category))).map(toAdminQuestion);
}

type QuestionInput = z.output<typeof QuestionInputSchema>;

/**
 * Both texts rendered as students will see them, or a 422 naming each field whose formula does not parse and
 * where (a question is never stored, nor previewed, half drawn).
 */
export function renderQuestionTexts(
  input: { questionEnglish: string; questionBangla: string },
  diagrams: number,
) {
  const fieldErrors: Record<string, MessageKey[]> = {};
  const params: Record<string, string | number> = {};
  const render = (source: string, field: 'questionEnglish' | 'questionBangla') => {
    const missing = unknownMarker(source, diagrams);
    if (missing !== undefined) {
      fieldErrors[field] = ['question.diagramMissing'];
      params.diagram = missing;
      return '';
    }
    try {
      return renderQuestionText(source);
    } catch (error) {
      if (!(error instanceof FormulaError)) throw error;
      const side = field === 'questionEnglish' ? 'english' : 'bangla';
      fieldErrors[field] = [
        field === 'questionEnglish' ? 'question.formulaEnglish' : 'question.formulaBangla',
      ];
      params[`${side}At`] = error.position;
      params[`${side}Reason`] = error.reason;
      return '';
    }
  };
  const questionEnglishHtml = render(input.questionEnglish, 'questionEnglish');
  const questionBanglaHtml = render(input.questionBangla, 'questionBangla');
  if (Object.keys(fieldErrors).length > 0) {
    throw new AppError(422, 'validation.failed', { fieldErrors, params });
  }
  return { questionEnglishHtml, questionBanglaHtml };
}

export async function addQuestion(ctx: ServiceContext, admin: UserRow, code: string, input: QuestionInput) {
  const competition = await competitionByCodeOr404(ctx.db, code);
  const { images = [], ...fields } = input;
  const html = renderQuestionTexts(input, images.length);
  const added = await ctx.db.transaction(async (tx) => {
    const diagrams = await diagramsForSave(tx, undefined, images);
    const row = await insertQuestion(tx, { ...fields, ...html, competitionId: competition.id });
    await setQuestionImages(tx, row.id, diagrams);
    const [saved] = await withImages(tx, [row]);
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'question.create',
      targetType: 'question',
      targetId: row.id,
      after: { ...row, images: diagrams },
      at: ctx.clock.now(),
    });
    return toAdminQuestion(saved ?? { ...row, images: [] });
  });
  forgetExamDefinition(ctx.db, competition.id, added.category);
  return added;
}

async function existingQuestion(ctx: ServiceContext, id: string) {
  const row = isUuid(id) ? await findQuestion(ctx.db, id) : undefined;
  if (!row) throw new AppError(404, 'question.notFound');
  return row;
}

export async function editQuestion(ctx: ServiceContext, admin: UserRow, id: string, input: QuestionInput) {
  const before = await existingQuestion(ctx, id);
  const { images, ...fields } = input;
  const beforeImages = await imagesOfQuestion(ctx.db, id);
  const html = renderQuestionTexts(input, (images ?? beforeImages).length);
  const { edited, dropped } = await ctx.db.transaction(async (tx) => {
    // Left out, the diagrams stay as they are.
    const diagrams = images ? await diagramsForSave(tx, id, images) : beforeImages.map(auditedDiagram);
    const row = await updateQuestion(tx, id, { ...fields, ...html });
    if (!row) throw new AppError(404, 'question.notFound');
    const dropped = images ? await setQuestionImages(tx, id, diagrams) : [];
    const [saved] = await withImages(tx, [row]);
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'question.update',
      targetType: 'question',
      targetId: id,
      before: { ...before, images: beforeImages.map(auditedDiagram) },
      after: { ...row, images: diagrams },
      at: ctx.clock.now(),
    });
    return { edited: toAdminQuestion(saved ?? { ...row, images: [] }), dropped };
  });
  await removeFiles(ctx, dropped);
  forgetExamDefinition(ctx.db, before.competitionId, before.category);
  forgetExamDefinition(ctx.db, before.competitionId, edited.category);
  return edited;
}

export async function removeQuestion(ctx: ServiceContext, admin: UserRow, id: string) {
  const before = await existingQuestion(ctx, id);
  const diagrams = await ctx.db.transaction(async (tx) => {
    const diagrams = await imagesOfQuestion(tx, id);
    await deleteQuestion(tx, id);
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'question.delete',
      targetType: 'question',
      targetId: id,
      before: { ...before, images: diagrams.map(auditedDiagram) },
      at: ctx.clock.now(),
    });
    return diagrams;
  });
  await removeFiles(ctx, diagrams);
  forgetExamDefinition(ctx.db, before.competitionId, before.category);
}

/** A diagram as the audit log keeps it: which upload, and its texts. */
const auditedDiagram = (row: QuestionImageRow) => ({
  id: row.id,
  altEnglish: row.altEnglish,
  altBangla: row.altBangla,
});

import { RUBRIC_MAX_ITEMS, type RubricItemInput } from '@ngso/shared/schemas/grading';
import type { Executor } from '../../db/client.ts';
import type { RubricChoice } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { isUuid } from '../../lib/ids.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { UserRow } from '../auth/user.ts';
import { findQuestion } from '../exam/public.ts';
import { findPublication, lockCategoryResults } from '../results/public.ts';
import { forgetStandings } from '../results/standings-cache.ts';
import { assertMayGradeNow } from './grading-access.ts';
import {
  deleteRubricItem,
  findRubricItem,
  insertRubricItem,
  marksTicking,
  type RubricItemRow,
  rubricOf,
  secondMarksTicking,
  setRubricMarks,
  setSecondRubricMarks,
  updateRubricItem,
} from './rubric.repo.ts';

/**
 * Rubrics (docs/decisions/037-grading-as-a-team.md): organisers write each question's items; a grader
 * ticks them and may add an adjustment; the mark is the sum, from 0 to the question's marks. A change of an
 * item's points recomputes every mark that ticked it, in one audited step.
 */

export const shownItem = (item: RubricItemRow) => ({
  id: item.id,
  position: item.position,
  text: item.text,
  points: item.points,
});

/** The mark a rubric choice gives: the ticked items' points and the adjustment, from 0 to `max`. */
export function rubricMarks(items: readonly RubricItemRow[], choice: RubricChoice, max: number) {
  const pointsOf = new Map(items.map((item) => [item.id, item.points]));
  const sum = choice.items.reduce((total, id) => total + (pointsOf.get(id) ?? 0), choice.adjustment);
  return Math.min(max, Math.max(0, sum));
}

async function questionOr404(ctx: ServiceContext, questionId: string) {
  const question = isUuid(questionId) ? await findQuestion(ctx.db, questionId) : undefined;
  if (!question) throw new AppError(404, 'question.notFound');
  return question;
}

/**
 * The rubric choice of a marks call, first or second (each item ticked once), or null for marks given as a
 * number. 422 for an adjustment without a comment saying why.
 */
export function rubricChoiceOf(
  input: { rubric_items?: string[]; adjustment?: number },
  comment: string | null,
): RubricChoice | null {
  if (input.rubric_items === undefined) return null;
  const choice = { items: [...new Set(input.rubric_items)], adjustment: input.adjustment ?? 0 };
  if (choice.adjustment !== 0 && !comment) {
    throw new AppError(422, 'validation.failed', { fieldErrors: { comment: ['rubric.adjustmentComment'] } });
  }
  return choice;
}

/**
 * The marks a rubric choice gives on the question's items as they stand: read under the category's results
 * lock, which a change of an item's points takes alone. 422 for an item that is not the question's.
 */
export async function marksByRubric(
  db: Executor,
  question: { id: string; marks: number },
  choice: RubricChoice,
) {
  const items = await rubricOf(db, question.id);
  const known = new Set(items.map((item) => item.id));
  if (choice.items.some((id) => !known.has(id))) {
    throw new AppError(422, 'validation.failed', { fieldErrors: { rubric_items: ['rubric.unknownItem'] } });
  }
  return rubricMarks(items, choice, question.marks);
}

/** A question's rubric: organisers any time, graders once grading of the category is open. */
export async function rubricOfQuestion(ctx: ServiceContext, staff: UserRow, questionId: string) {
  const question = await questionOr404(ctx, questionId);
  await assertMayGradeNow(ctx, staff, question.competitionId, question.category);
  return (await rubricOf(ctx.db, question.id)).map(shownItem);
}

export async function addRubricItem(
  ctx: ServiceContext,
  admin: UserRow,
  questionId: string,
  input: RubricItemInput,
) {
  const question = await questionOr404(ctx, questionId);
  return ctx.db.transaction(async (tx) => {
    await lockCategoryResults(tx, question.competitionId, question.category);
    const items = await rubricOf(tx, question.id);
    if (items.length >= RUBRIC_MAX_ITEMS) throw new AppError(409, 'rubric.full');
    const position = (items.at(-1)?.position ?? 0) + 1;
    const row = await insertRubricItem(tx, { questionId: question.id, position, ...input });
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'rubric.add',
      targetType: 'rubric_item',
      targetId: row.id,
      after: { question_id: question.id, text: row.text, points: row.points },
      at: ctx.clock.now(),
    });
    return { ...shownItem(row), regraded: 0 };
  });
}

/**
 * Changes an item's text or points. New points recompute every mark that ticked the item (grader's and
 * override's), under the category's results lock, with one audit entry that counts them. Refused once the
 * category's results are published (an admin then overrides single marks, each audited).
 */
export async function changeRubricItem(
  ctx: ServiceContext,
  admin: UserRow,
  itemId: string,
  input: RubricItemInput,
) {
  const item = isUuid(itemId) ? await findRubricItem(ctx.db, itemId) : undefined;
  if (!item) throw new AppError(404, 'rubric.notFound');
  const question = await questionOr404(ctx, item.questionId);
  const changed = await ctx.db.transaction(async (tx) => {
    await lockCategoryResults(tx, question.competitionId, question.category);
    const before = await findRubricItem(tx, item.id);
    if (!before) throw new AppError(404, 'rubric.notFound');
    const pointsChange = before.points !== input.points;
    if (pointsChange && (await findPublication(tx, question.competitionId, question.category))) {
      throw new AppError(409, 'marks.published');
    }
    const row = await updateRubricItem(tx, item.id, input);
    if (!row) throw new AppError(404, 'rubric.notFound');
    let regraded = 0;
    if (pointsChange) {
      const items = await rubricOf(tx, question.id);
      for (const mark of await marksTicking(tx, question.id, item.id)) {
        const changes: { graderMarks?: number; overrideMarks?: number } = {};
        if (mark.graderRubric?.items.includes(item.id)) {
          changes.graderMarks = rubricMarks(items, mark.graderRubric, question.marks);
        }
        if (mark.overrideRubric?.items.includes(item.id)) {
          changes.overrideMarks = rubricMarks(items, mark.overrideRubric, question.marks);
        }
        await setRubricMarks(tx, mark, changes);
        regraded += 1;
      }
      for (const second of await secondMarksTicking(tx, question.id, item.id)) {
        if (!second.rubric) continue;
        await setSecondRubricMarks(tx, second, rubricMarks(items, second.rubric, question.marks));
        regraded += 1;
      }
    }
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'rubric.change',
      targetType: 'rubric_item',
      targetId: row.id,
      before: { text: before.text, points: before.points },
      after: { text: row.text, points: row.points, regraded },
      at: ctx.clock.now(),
    });
    return { ...shownItem(row), regraded };
  });
  if (changed.regraded > 0) forgetStandings(ctx.db, question.competitionId, question.category);
  return changed;
}

/** Removes an item nobody used (one that marks were given with stays: change its points instead). */
export async function removeRubricItem(ctx: ServiceContext, admin: UserRow, itemId: string) {
  const item = isUuid(itemId) ? await findRubricItem(ctx.db, itemId) : undefined;
  if (!item) throw new AppError(404, 'rubric.notFound');
  const question = await questionOr404(ctx, item.questionId);
  await ctx.db.transaction(async (tx) => {
    await lockCategoryResults(tx, question.competitionId, question.category);
    const used =
      (await marksTicking(tx, question.id, item.id)).length > 0 ||
      (await secondMarksTicking(tx, question.id, item.id)).length > 0;
    if (used) throw new AppError(409, 'rubric.inUse');
    await deleteRubricItem(tx, item.id);
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'rubric.remove',
      targetType: 'rubric_item',
      targetId: item.id,
      before: { question_id: question.id, text: item.text, points: item.points },
      at: ctx.clock.now(),
    });
  });
}

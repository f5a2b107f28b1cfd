import { createHash, randomUUID } from 'node:crypto';
import type { Category } from '@ngso/shared/constants';
import type {
  ClaimKeySchema,
  SecondMarkInputSchema,
  SecondMarkingSettings,
  SettleInputSchema,
} from '@ngso/shared/schemas/grading';
import { CLAIM_SECONDS } from '@ngso/shared/schemas/grading';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { isUuid } from '../../lib/ids.ts';
import { toDhakaIso } from '../../lib/time.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { UserRow } from '../auth/user.ts';
import { competitionByCodeOr404 } from '../competitions/competitions.service.ts';
import { type CompetitionRow, findCompetitionById } from '../competitions/public.ts';
import { gradingImage } from '../exam/answer-photos.service.ts';
import { findQuestion, questionsOf } from '../exam/public.ts';
import { findRegistrationOfUser } from '../registration/public.ts';
import { categorySheet } from '../results/category-sheet.ts';
import { findPublication, lockCategoryResultsShared } from '../results/public.ts';
import { cachedStandings } from '../results/standings-cache.ts';
import { answerWithPhotos } from './grading.repo.ts';
import { assertMayGradeNow } from './grading-access.ts';
import { giveMarks } from './marking.service.ts';
import { rubricOf } from './rubric.repo.ts';
import { marksByRubric, rubricChoiceOf, shownItem } from './rubric.service.ts';
import {
  DEFAULT_SECOND_MARKING,
  findSecondMark,
  firstMarksWithSeconds,
  markPairs,
  markSettled,
  namesOf,
  releaseOtherSecondClaims,
  releaseSecondClaim,
  renewSecondClaim,
  settingsOfQuestions,
  takeSecondClaim,
  writeSecondMark,
  writeSettings,
} from './second-marking.repo.ts';

/**
 * Second marking (docs/decisions/037-grading-as-a-team.md, "Second marking"): a deterministic share of each
 * question's first-marked answers, and every answer of a student near an award cut-off, is graded again
 * blind by another grader; two marks further apart than the tolerance go to an admin to settle.
 */

type Settings = { samplePercent: number; tolerance: number; nearCutoff: number };
type Question = NonNullable<Awaited<ReturnType<typeof findQuestion>>>;

/** Whether an answer is in the question's sample: a hash of the answer's key, so the draw never changes. */
export function inSample(userId: string, questionId: string, percent: number) {
  if (percent <= 0) return false;
  const bucket = createHash('sha256').update(`${userId}/${questionId}`).digest().readUInt32BE(0) % 100;
  return bucket < percent;
}

/**
 * The students within `margin` marks of an award cut-off on the current standings. A band's cut-off is the
 * lowest total that still earns it; a student whose total is that close to one could change band on a
 * second mark.
 */
export function nearCutoffStudents(
  standings: ReadonlyArray<{ userId: string; total: number; award: string | null }>,
  margin: number,
) {
  if (margin <= 0) return new Set<string>();
  const cutoffs = new Map<string, number>();
  for (const entry of standings) {
    if (entry.award === null) continue;
    const lowest = cutoffs.get(entry.award);
    if (lowest === undefined || entry.total < lowest) cutoffs.set(entry.award, entry.total);
  }
  const totals = [...cutoffs.values()];
  return new Set(
    standings
      .filter((entry) => totals.some((cutoff) => Math.abs(entry.total - cutoff) <= margin))
      .map((entry) => entry.userId),
  );
}

const settingsFrom = (row: Partial<Settings> | undefined): Settings => ({
  samplePercent: row?.samplePercent ?? DEFAULT_SECOND_MARKING.samplePercent,
  tolerance: row?.tolerance ?? DEFAULT_SECOND_MARKING.tolerance,
  nearCutoff: row?.nearCutoff ?? DEFAULT_SECOND_MARKING.nearCutoff,
});

/**
 * The standings' near-cut-off students, read only when a margin is set. The standings read the whole
 * category, so a claim takes them from the process's short-lived cache (standings-cache.ts), which a change
 * of marks or award bands in this process empties at once.
 */
async function nearStudents(
  ctx: ServiceContext,
  competition: CompetitionRow | undefined,
  category: Category,
  margin: number,
) {
  if (margin <= 0 || !competition) return new Set<string>();
  const standings = await cachedStandings(ctx.db, competition.id, category, async () => {
    const sheet = await categorySheet(ctx, competition, category);
    return sheet.standings;
  });
  return nearCutoffStudents(standings, margin);
}

/** The question's answers drawn for a second mark whose first mark exists, with their second row if any. */
async function drawn(ctx: ServiceContext, question: Question, settings: Settings, near?: Set<string>) {
  if (settings.samplePercent <= 0 && settings.nearCutoff <= 0) return [];
  const nearSet =
    near ??
    (await nearStudents(
      ctx,
      await findCompetitionById(ctx.db, question.competitionId),
      question.category as Category,
      settings.nearCutoff,
    ));
  const rows = await firstMarksWithSeconds(ctx.db, question.id);
  return rows.filter(
    (row) => inSample(row.userId, question.id, settings.samplePercent) || nearSet.has(row.userId),
  );
}

const dueOf = (rows: Awaited<ReturnType<typeof drawn>>) => rows.filter((row) => row.second?.marks == null);

async function questionOr404(ctx: ServiceContext, questionId: string) {
  const question = isUuid(questionId) ? await findQuestion(ctx.db, questionId) : undefined;
  if (!question) throw new AppError(404, 'question.notFound');
  return question;
}

async function settingsOfQuestion(ctx: ServiceContext, questionId: string) {
  const [row] = await settingsOfQuestions(ctx.db, [questionId]);
  return settingsFrom(row);
}

/** A question's second-marking settings, with the answers due now and second-marked (admins). */
export async function secondMarkingOf(ctx: ServiceContext, questionId: string) {
  const question = await questionOr404(ctx, questionId);
  const settings = await settingsOfQuestion(ctx, question.id);
  const rows = await drawn(ctx, question, settings);
  return {
    sample_percent: settings.samplePercent,
    tolerance: settings.tolerance,
    near_cutoff: settings.nearCutoff,
    due: dueOf(rows).length,
    second_marked: rows.length - dueOf(rows).length,
  };
}

/** Organisers set a question's second marking (audited `second_marking.change`). */
export async function changeSecondMarking(
  ctx: ServiceContext,
  admin: UserRow,
  questionId: string,
  input: SecondMarkingSettings,
) {
  const question = await questionOr404(ctx, questionId);
  const [before] = await settingsOfQuestions(ctx.db, [question.id]);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const written = await writeSettings(tx, {
      questionId: question.id,
      samplePercent: input.sample_percent,
      tolerance: input.tolerance,
      nearCutoff: input.near_cutoff,
      updatedBy: admin.id,
      updatedAt: now,
    });
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'second_marking.change',
      targetType: 'question',
      targetId: question.id,
      before: before ?? null,
      after: written,
      at: now,
    });
  });
  return secondMarkingOf(ctx, question.id);
}

/** The question, when this member of staff may grade it now (graders: open and not yet published). */
async function gradableQuestion(ctx: ServiceContext, staff: UserRow, questionId: string) {
  const question = await questionOr404(ctx, questionId);
  await assertMayGradeNow(ctx, staff, question.competitionId, question.category);
  if (staff.role !== 'admin' && (await findPublication(ctx.db, question.competitionId, question.category))) {
    throw new AppError(403, 'marks.published');
  }
  return question;
}

/**
 * Takes the next answer due for a second mark that this grader did not mark first, held for them as a first
 * mark's hold is. Blind: the answer comes without its first mark, its first grader or the student's name.
 */
export async function claimSecond(ctx: ServiceContext, staff: UserRow, questionId: string) {
  const question = await gradableQuestion(ctx, staff, questionId);
  const settings = await settingsOfQuestion(ctx, question.id);
  const now = ctx.clock.now();
  const until = new Date(now.getTime() + CLAIM_SECONDS * 1000);
  const due = dueOf(await drawn(ctx, question, settings));
  const free = (row: (typeof due)[number]) =>
    row.firstGrader !== staff.id &&
    (!row.second || row.second.graderId === staff.id || row.second.claimedUntil <= now);
  // One already held (a reload) first; then from a random point, so second graders start in different places.
  const from = randomUUID();
  const candidates = due
    .filter(free)
    .sort(
      (a, b) =>
        Number(b.second?.graderId === staff.id) - Number(a.second?.graderId === staff.id) ||
        Number(a.userId < from) - Number(b.userId < from) ||
        a.userId.localeCompare(b.userId),
    );
  let claimed: string | undefined;
  for (const row of candidates.slice(0, 8)) {
    const taken = await takeSecondClaim(ctx.db, {
      userId: row.userId,
      questionId: question.id,
      graderId: staff.id,
      now,
      until,
    });
    if (taken) {
      claimed = row.userId;
      break;
    }
  }
  if (claimed) await releaseOtherSecondClaims(ctx.db, question.id, staff.id, claimed);
  const rubric = (await rubricOf(ctx.db, question.id)).map(shownItem);
  if (!claimed) return { answer: null, due: due.length, rubric };
  const [found, registration] = await Promise.all([
    answerWithPhotos(ctx.db, claimed, question.id),
    findRegistrationOfUser(ctx.db, question.competitionId, claimed),
  ]);
  const photoOf = new Map((found?.photos ?? []).map((photo) => [photo.sha256, photo]));
  return {
    answer: {
      user_id: claimed,
      roll_number: registration?.rollNumber ?? null,
      images: (found?.answer.images ?? []).map((image) => gradingImage(image, photoOf.get(image.sha256))),
      expires_at: toDhakaIso(until),
    },
    due: due.length,
    rubric,
  };
}

/** Renews this grader's second-mark hold while they work on it; 409 when it is no longer theirs. */
export async function secondHeartbeat(
  ctx: ServiceContext,
  staff: UserRow,
  input: z.output<typeof ClaimKeySchema>,
) {
  if (!isUuid(input.question_id) || !isUuid(input.user_id)) throw new AppError(409, 'grading.claimLost');
  const until = new Date(ctx.clock.now().getTime() + CLAIM_SECONDS * 1000);
  const row = await renewSecondClaim(
    ctx.db,
    { userId: input.user_id, questionId: input.question_id, graderId: staff.id },
    until,
  );
  if (!row) throw new AppError(409, 'grading.claimLost');
  return { expires_at: toDhakaIso(until) };
}

/** Gives a second-mark hold back (the grader left it); nothing when it is not theirs. */
export async function releaseSecond(
  ctx: ServiceContext,
  staff: UserRow,
  input: z.output<typeof ClaimKeySchema>,
) {
  if (!isUuid(input.question_id) || !isUuid(input.user_id)) return;
  await releaseSecondClaim(ctx.db, {
    userId: input.user_id,
    questionId: input.question_id,
    graderId: staff.id,
  });
}

/** Saves a second mark on this grader's hold (audited `marks.second`); 409 when the hold is not theirs. */
export async function saveSecondMark(
  ctx: ServiceContext,
  staff: UserRow,
  input: z.output<typeof SecondMarkInputSchema>,
) {
  const question = await gradableQuestion(ctx, staff, input.question_id);
  if (!isUuid(input.user_id)) throw new AppError(409, 'grading.claimLost');
  const comment = input.comment ?? null;
  const choice = rubricChoiceOf(input, comment);
  if (!choice && input.marks > question.marks) {
    throw new AppError(422, 'validation.failed', {
      fieldErrors: { marks: ['marks.range'] },
      params: { max: question.marks },
    });
  }
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    // By rubric, the marks come from the items as they stand under the category's lock (as a first mark's).
    let given = input.marks;
    if (choice) {
      await lockCategoryResultsShared(tx, question.competitionId, question.category);
      given = await marksByRubric(tx, question, choice);
    }
    const written = await writeSecondMark(
      tx,
      { userId: input.user_id, questionId: question.id, graderId: staff.id },
      { marks: given, rubric: choice, comment, gradedAt: now },
    );
    if (!written) throw new AppError(409, 'grading.claimLost');
    await recordAudit(tx, {
      actorId: staff.id,
      action: 'marks.second',
      targetType: 'answer',
      targetId: `${input.user_id}/${question.id}`,
      after: { marks: written.marks, rubric: written.rubric, comment: written.comment },
      at: now,
    });
    return { marks: given };
  });
}

/** The questions of a category with their settings and near-cut-off students (read once for all). */
async function categoryState(ctx: ServiceContext, competition: CompetitionRow, category: Category) {
  const questions = await questionsOf(ctx.db, competition.id, category);
  const settingsRows = await settingsOfQuestions(
    ctx.db,
    questions.map((question) => question.id),
  );
  const settingsOf = new Map(settingsRows.map((row) => [row.questionId, settingsFrom(row)]));
  const margin = Math.max(0, ...settingsRows.map((row) => row.nearCutoff));
  const sheet = margin > 0 ? await categorySheet(ctx, competition, category) : undefined;
  return { questions, settingsOf, standings: sheet?.standings ?? [] };
}

/** Answers of a category due for a second mark, and disagreements beyond tolerance not yet settled. */
export async function secondMarkingOutstanding(
  ctx: ServiceContext,
  competition: CompetitionRow,
  category: Category,
) {
  const { questions, settingsOf, standings } = await categoryState(ctx, competition, category);
  let due = 0;
  for (const question of questions) {
    const settings = settingsOf.get(question.id);
    if (!settings) continue;
    const near = nearCutoffStudents(standings, settings.nearCutoff);
    due += dueOf(await drawn(ctx, question as Question, settings, near)).length;
  }
  const pairs = await markPairs(
    ctx.db,
    questions.map((question) => question.id),
  );
  return { due, disagreements: pairs.filter((pair) => !pair.agree && !pair.settled), questions };
}

/** A category's unsettled disagreements, for admins to settle, and the answers still due. */
export async function disagreementsOf(ctx: ServiceContext, code: string, category: Category) {
  const competition = await competitionByCodeOr404(ctx.db, code);
  const { due, disagreements, questions } = await secondMarkingOutstanding(ctx, competition, category);
  const positionOf = new Map(questions.map((question) => [question.id, question.position]));
  const ids = [
    ...new Set(disagreements.flatMap((pair) => [pair.firstGrader, pair.secondGrader]).filter(Boolean)),
  ] as string[];
  const names = new Map((await namesOf(ctx.db, ids)).map((row) => [row.id, row.name]));
  const rolls = await Promise.all(
    disagreements.map((pair) => findRegistrationOfUser(ctx.db, competition.id, pair.userId)),
  );
  return {
    due,
    disagreements: disagreements
      .map((pair, index) => ({
        question_id: pair.questionId,
        position: positionOf.get(pair.questionId) ?? 0,
        user_id: pair.userId,
        roll_number: rolls[index]?.rollNumber ?? null,
        first_marks: pair.firstMarks,
        first_grader: pair.firstGrader ? (names.get(pair.firstGrader) ?? null) : null,
        second_marks: pair.secondMarks,
        second_grader: names.get(pair.secondGrader) ?? null,
        tolerance: pair.tolerance,
      }))
      .sort((a, b) => a.position - b.position || a.user_id.localeCompare(b.user_id)),
  };
}

/**
 * An admin settles a disagreement: the final mark is written as an override (so standings and results
 * follow, audited as any override) and the disagreement is closed (audited `marks.settle`).
 */
export async function settleDisagreement(
  ctx: ServiceContext,
  admin: UserRow,
  input: z.output<typeof SettleInputSchema>,
) {
  const question = await questionOr404(ctx, input.question_id);
  const second = isUuid(input.user_id) ? await findSecondMark(ctx.db, input.user_id, question.id) : undefined;
  const [pair] =
    second?.marks != null
      ? await markPairs(ctx.db, [question.id]).then((pairs) =>
          pairs.filter((p) => p.userId === input.user_id),
        )
      : [];
  if (!pair || pair.agree || pair.settled) throw new AppError(409, 'secondMarking.notDisagreement');
  const written = await giveMarks(ctx, admin, input.user_id, {
    question_id: question.id,
    marks: input.marks,
    comment: input.comment,
  });
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await markSettled(tx, { userId: input.user_id, questionId: question.id }, admin.id, now);
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'marks.settle',
      targetType: 'answer',
      targetId: `${input.user_id}/${question.id}`,
      before: { first: pair.firstMarks, second: pair.secondMarks, tolerance: pair.tolerance },
      after: { marks: input.marks, comment: input.comment },
      at: now,
    });
  });
  return { marks: written.overrideMarks ?? written.graderMarks ?? input.marks };
}

/** Per grader of these questions: their marks compared with another grader's, and how many agreed. */
export async function agreementOf(ctx: ServiceContext, questionIds: string[]) {
  const pairs = await markPairs(ctx.db, questionIds);
  const counts = new Map<string, { compared: number; agreed: number }>();
  const add = (graderId: string | null, agree: boolean) => {
    if (!graderId) return;
    const count = counts.get(graderId) ?? { compared: 0, agreed: 0 };
    count.compared += 1;
    if (agree) count.agreed += 1;
    counts.set(graderId, count);
  };
  for (const pair of pairs) {
    add(pair.firstGrader, pair.agree);
    add(pair.secondGrader, pair.agree);
  }
  return counts;
}

/** What second marking still owes, counted: results holds a publication back on it (publication-holds.ts). */
export async function secondMarkingCount(
  ctx: ServiceContext,
  competition: CompetitionRow,
  category: Category,
) {
  const { due, disagreements } = await secondMarkingOutstanding(ctx, competition, category);
  return { due, disagreements: disagreements.length };
}

import type { Category } from '@ngso/shared/constants';
import {
  type AdminRecheck,
  DEFAULT_RECHECK_SETTINGS,
  type DecideRecheck,
  type GraderRecheck,
  type RecheckGrader,
  type RecheckRequest,
  type RecheckSettings,
  type StudentRecheck,
  type StudentRechecks,
} from '@ngso/shared/schemas/rechecks';
import { AppError } from '../../lib/app-error.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { isUuid } from '../../lib/ids.ts';
import { toDhakaIso } from '../../lib/time.ts';
import { recheckDecidedMail } from '../../mail/templates.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { findStaff, findUserById, type UserRow } from '../auth/public.ts';
import { competitionByCodeOr404 } from '../competitions/competitions.service.ts';
import { findCompetitionById } from '../competitions/public.ts';
import { gradingImage } from '../exam/answer-photos.service.ts';
import { findQuestion, imagesOfQuestions, photoKey, photosOfUsers } from '../exam/public.ts';
import { toQuestionImage } from '../exam/question-images.service.ts';
import { storedQuestionHtml } from '../exam/question-text.ts';
import { findRegistrationOfUser } from '../registration/public.ts';
import { findMark, findPublication, lockCategoryResults, writeMark } from '../results/public.ts';
import { effectiveMarks } from '../results/standings.ts';
import { forgetStandings } from '../results/standings-cache.ts';
import {
  findRecheck,
  findRecheckSettings,
  insertRechecks,
  questionsWithAnswerAndMark,
  type RecheckRow,
  recheckQueue,
  rechecksAssignedTo,
  rechecksOfStudent,
  updateRecheck,
  writeRecheckSettings,
} from './rechecks.repo.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const RESULT_PAGE = '/national-round-result';

async function settingsOf(ctx: ServiceContext, competitionId: string): Promise<RecheckSettings> {
  const row = await findRecheckSettings(ctx.db, competitionId);
  return row
    ? { window_days: row.windowDays, max_questions: row.maxQuestions, fee_bdt: row.feeBdt }
    : DEFAULT_RECHECK_SETTINGS;
}

export async function recheckSettingsOf(ctx: ServiceContext, code: string) {
  return settingsOf(ctx, (await competitionByCodeOr404(ctx.db, code)).id);
}

export async function changeRecheckSettings(
  ctx: ServiceContext,
  code: string,
  input: RecheckSettings,
  admin: UserRow,
) {
  const competition = await competitionByCodeOr404(ctx.db, code);
  const before = await settingsOf(ctx, competition.id);
  await ctx.db.transaction(async (tx) => {
    await writeRecheckSettings(tx, {
      competitionId: competition.id,
      windowDays: input.window_days,
      maxQuestions: input.max_questions,
      feeBdt: input.fee_bdt,
    });
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'recheck.settings',
      targetType: 'competition',
      targetId: competition.code,
      before,
      after: input,
      at: ctx.clock.now(),
    });
  });
  return input;
}

/** The student's category and its publication: re-checks exist only for an approved entrant's published result. */
async function studentContext(ctx: ServiceContext, code: string, user: UserRow) {
  const competition = await competitionByCodeOr404(ctx.db, code);
  const registration = await findRegistrationOfUser(ctx.db, competition.id, user.id);
  if (registration?.status !== 'approved') throw new AppError(403, 'exam.notApproved');
  const category = registration.category as Category;
  const [publication, settings] = await Promise.all([
    findPublication(ctx.db, competition.id, category),
    settingsOf(ctx, competition.id),
  ]);
  const closesAt = publication
    ? new Date(publication.publishedAt.getTime() + settings.window_days * DAY_MS)
    : null;
  const open = closesAt !== null && ctx.clock.now() < closesAt;
  return { competition, category, settings, closesAt, open };
}

const toStudentRecheck = ({
  recheck,
  position,
}: {
  recheck: RecheckRow;
  position: number;
}): StudentRecheck => ({
  id: recheck.id,
  question_id: recheck.questionId,
  question_position: position,
  reason: recheck.reason,
  // Until decided, the student sees "being re-checked": who re-checks it is the organisers' matter.
  status: recheck.status,
  requested_at: toDhakaIso(recheck.requestedAt),
  marks_before: recheck.marksBefore,
  marks_after: recheck.marksAfter,
  outcome: recheck.outcome,
  outcome_note: recheck.outcomeNote,
  decided_at: recheck.decidedAt ? toDhakaIso(recheck.decidedAt) : null,
});

/** The re-check window of the student's result (open or not, until when, the rules) and their requests. */
export async function studentRechecks(
  ctx: ServiceContext,
  code: string,
  user: UserRow,
): Promise<StudentRechecks> {
  const { competition, settings, closesAt, open } = await studentContext(ctx, code, user);
  const rows = await rechecksOfStudent(ctx.db, competition.id, user.id);
  return {
    open,
    closes_at: closesAt ? toDhakaIso(closesAt) : null,
    max_questions: settings.max_questions,
    fee_bdt: settings.fee_bdt,
    requests: rows.map(toStudentRecheck),
  };
}

/**
 * A student asks for re-checks of answers of their published result, within the window, up to the
 * competition's number of questions in all, each answered question once, with a reason; audited.
 */
export async function requestRechecks(
  ctx: ServiceContext,
  code: string,
  user: UserRow,
  input: RecheckRequest,
) {
  const { competition, category, settings, open } = await studentContext(ctx, code, user);
  if (!open) throw new AppError(409, 'recheck.closed');
  if (settings.fee_bdt > 0 && !input.fee_transaction_id) {
    throw new AppError(422, 'validation.failed', {
      fieldErrors: { fee_transaction_id: ['recheck.fee'] },
      params: { fee: settings.fee_bdt },
    });
  }
  const existing = await rechecksOfStudent(ctx.db, competition.id, user.id);
  if (existing.length + input.question_ids.length > settings.max_questions) {
    throw new AppError(409, 'recheck.tooMany', { params: { max: settings.max_questions } });
  }
  const now = ctx.clock.now();
  const rows: Parameters<typeof insertRechecks>[1] = [];
  const requested = await questionsWithAnswerAndMark(ctx.db, user.id, input.question_ids.filter(isUuid));
  const requestedById = new Map(requested.map((row) => [row.question.id, row]));
  for (const questionId of input.question_ids) {
    const found = requestedById.get(questionId);
    if (found?.question.competitionId !== competition.id || found.question.category !== category) {
      throw new AppError(422, 'recheck.question');
    }
    if (existing.some((row) => row.recheck.questionId === questionId))
      throw new AppError(409, 'recheck.exists');
    if (!found.images?.length) throw new AppError(409, 'recheck.noAnswer');
    rows.push({
      competitionId: competition.id,
      userId: user.id,
      questionId,
      reason: input.reason,
      feeTransactionId: settings.fee_bdt > 0 ? (input.fee_transaction_id ?? null) : null,
      requestedAt: now,
      marksBefore: effectiveMarks(found.mark ?? undefined) ?? 0,
    });
  }
  await ctx.db.transaction(async (tx) => {
    const inserted = await insertRechecks(tx, rows);
    // A second tab sent the same question meanwhile: nothing is written twice.
    if (inserted.length !== rows.length) throw new AppError(409, 'recheck.exists');
    await recordAudit(tx, {
      actorId: user.id,
      action: 'recheck.request',
      targetType: 'registration',
      targetId: `${competition.code}/${user.id}`,
      after: { questions: input.question_ids, reason: input.reason },
      at: now,
    });
  });
  return studentRechecks(ctx, code, user);
}

type QueueRow = Awaited<ReturnType<typeof recheckQueue>>[number];

const toAdminRecheck = (row: QueueRow): AdminRecheck => ({
  id: row.recheck.id,
  name: row.name,
  roll_number: row.rollNumber,
  category: row.category as Category,
  question_id: row.recheck.questionId,
  question_position: row.position,
  reason: row.recheck.reason,
  fee_transaction_id: row.recheck.feeTransactionId,
  status: row.recheck.status,
  requested_at: toDhakaIso(row.recheck.requestedAt),
  marks_before: row.recheck.marksBefore,
  first_grader: row.firstGrader,
  first_grader_id: row.firstGraderId,
  grader: row.grader,
  grader_id: row.recheck.graderId,
  marks_after: row.recheck.marksAfter,
  outcome: row.recheck.outcome,
  outcome_note: row.recheck.outcomeNote,
});

export async function rechecksQueue(ctx: ServiceContext, code: string, status?: RecheckRow['status']) {
  const competition = await competitionByCodeOr404(ctx.db, code);
  return (await recheckQueue(ctx.db, { competitionId: competition.id, status })).map(toAdminRecheck);
}

async function queueEntry(ctx: ServiceContext, recheck: RecheckRow) {
  const [row] = await recheckQueue(ctx.db, { competitionId: recheck.competitionId, id: recheck.id });
  if (!row) throw new AppError(404, 'recheck.notFound');
  return toAdminRecheck(row);
}

async function recheckOr404(ctx: ServiceContext, id: string) {
  const row = isUuid(id) ? await findRecheck(ctx.db, id) : undefined;
  if (!row) throw new AppError(404, 'recheck.notFound');
  return row;
}

/** The staff a re-check can be given to. */
export async function recheckGraders(ctx: ServiceContext): Promise<RecheckGrader[]> {
  return (await findStaff(ctx.db)).map((user) => ({
    id: user.id,
    name: user.name,
    role: user.role === 'admin' ? 'admin' : 'grader',
  }));
}

/**
 * An admin gives a re-check to a grader (or another admin) who did not mark the answer first; it can be
 * given again to someone else until it is decided. Audited.
 */
export async function assignRecheck(ctx: ServiceContext, id: string, graderId: string, admin: UserRow) {
  const recheck = await recheckOr404(ctx, id);
  if (recheck.status === 'decided') throw new AppError(409, 'recheck.decided');
  const grader = isUuid(graderId) ? await findUserById(ctx.db, graderId) : undefined;
  if (!grader || (grader.role !== 'grader' && grader.role !== 'admin'))
    throw new AppError(422, 'recheck.notGrader');
  const mark = await findMark(ctx.db, recheck.userId, recheck.questionId);
  if (grader.id === mark?.graderId || grader.id === mark?.overrideBy)
    throw new AppError(409, 'recheck.sameGrader');
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const updated = await updateRecheck(tx, recheck.id, recheck.status, {
      status: 'assigned',
      graderId: grader.id,
      assignedAt: now,
    });
    if (!updated) throw new AppError(409, 'recheck.decided');
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'recheck.assign',
      targetType: 'recheck',
      targetId: recheck.id,
      before: { grader_id: recheck.graderId },
      after: { grader_id: grader.id },
      at: now,
    });
  });
  return queueEntry(ctx, recheck);
}

/** A grader's re-checks to do: the question and the answer's photos, without the name or the first mark. */
export async function rechecksOfGrader(ctx: ServiceContext, grader: UserRow): Promise<GraderRecheck[]> {
  const rows = await rechecksAssignedTo(ctx.db, grader.id);
  const photos = await photosOfUsers(ctx.db, [...new Set(rows.map((row) => row.recheck.userId))]);
  const photoOf = new Map(photos.map((photo) => [photoKey(photo.userId, photo.sha256), photo]));
  const diagrams = await imagesOfQuestions(ctx.db, [...new Set(rows.map((row) => row.question.id))]);
  return rows.map(({ recheck, question, images: answerImages }) => {
    const images = (answerImages ?? []).map((image) =>
      gradingImage(image, photoOf.get(photoKey(recheck.userId, image.sha256))),
    );
    return {
      id: recheck.id,
      category: question.category as Category,
      question_position: question.position,
      question_english: question.questionEnglish,
      question_bangla: question.questionBangla,
      question_english_html: storedQuestionHtml(question.questionEnglishHtml, question.questionEnglish),
      question_bangla_html: storedQuestionHtml(question.questionBanglaHtml, question.questionBangla),
      question_images: (diagrams.get(question.id) ?? []).map(toQuestionImage),
      question_marks: question.marks,
      reason: recheck.reason,
      image_urls: images.flatMap((image) => (image.url ? [image.url] : [])),
    };
  });
}

/**
 * The assigned grader's decision: the marks they give (blind to the first) and a sentence for the
 * student. Different marks replace the answer's mark (an override, so the first stays on record), which
 * moves the total, rank and award at once; the student is mailed either way. Audited.
 */
export async function decideRecheck(ctx: ServiceContext, id: string, grader: UserRow, input: DecideRecheck) {
  const recheck = await recheckOr404(ctx, id);
  if (recheck.status === 'decided') throw new AppError(409, 'recheck.decided');
  if (recheck.graderId !== grader.id) throw new AppError(403, 'recheck.notYours');
  const question = await findQuestion(ctx.db, recheck.questionId);
  if (!question) throw new AppError(404, 'recheck.notFound');
  if (input.marks > question.marks) {
    throw new AppError(422, 'validation.failed', {
      fieldErrors: { marks: ['marks.range'] },
      params: { max: question.marks },
    });
  }
  const [competition, student] = await Promise.all([
    findCompetitionById(ctx.db, recheck.competitionId),
    findUserById(ctx.db, recheck.userId),
  ]);
  if (!competition || !student) throw new AppError(404, 'recheck.notFound');
  const now = ctx.clock.now();
  const outcome = input.marks === recheck.marksBefore ? 'kept' : 'changed';
  await ctx.withMail(async (tx, queueMail) => {
    // The category's results lock, as for any change of marks (results.service.ts).
    await lockCategoryResults(tx, question.competitionId, question.category);
    const decided = await updateRecheck(tx, recheck.id, 'assigned', {
      status: 'decided',
      marksAfter: input.marks,
      outcome,
      outcomeNote: input.note,
      decidedAt: now,
    });
    if (!decided || decided.graderId !== grader.id) throw new AppError(409, 'recheck.decided');
    if (outcome === 'changed') {
      await writeMark(tx, {
        userId: recheck.userId,
        questionId: recheck.questionId,
        overrideMarks: input.marks,
        overrideComment: input.note,
        overrideBy: grader.id,
        overriddenAt: now,
      });
    }
    await recordAudit(tx, {
      actorId: grader.id,
      action: 'recheck.decide',
      targetType: 'answer',
      targetId: `${recheck.userId}/${recheck.questionId}`,
      before: { marks: recheck.marksBefore },
      after: { marks: input.marks, outcome, note: input.note, recheck_id: recheck.id },
      at: now,
    });
    await queueMail(
      recheckDecidedMail(
        { name: student.name, email: student.email, language: student.language },
        {
          competition: competition.name,
          question: question.position,
          outcome,
          marksBefore: recheck.marksBefore,
          marksAfter: input.marks,
          note: input.note,
          resultUrl: `${ctx.config.BASE_URL}${RESULT_PAGE}`,
        },
      ),
    );
  });
  forgetStandings(ctx.db, question.competitionId, question.category);
  return queueEntry(ctx, recheck);
}

import type { Category } from '@ngso/shared/constants';
import type { MarkInputSchema, Result, Submission } from '@ngso/shared/schemas/results';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { toCsv } from '../../lib/csv.ts';
import { isUuid } from '../../lib/ids.ts';
import { toDhakaIso } from '../../lib/time.ts';
import { resultsPublishedMail } from '../../mail/templates.ts';
import { recordAudit } from '../audit/audit.repo.ts';
import type { UserRow } from '../auth/auth.repo.ts';
import type { CompetitionRow } from '../competitions/competitions.repo.ts';
import { competitionByCodeOr404 } from '../competitions/competitions.service.ts';
import { outstandingPhotos, photoKey, photosOfQuestions } from '../exam/answer-photos.repo.ts';
import { gradingImage } from '../exam/answer-photos.service.ts';
import { findQuestion, questionsOf } from '../exam/exam.repo.ts';
import { forgetExamDefinition } from '../exam/exam-cache.ts';
import { imagesOfQuestions } from '../exam/question-images.repo.ts';
import { toQuestionImage } from '../exam/question-images.service.ts';
import { storedQuestionHtml } from '../exam/question-text.ts';
import { lockClaim, releaseClaim } from '../grading/grading.repo.ts';
import { marksByRubric, rubricChoiceOf } from '../grading/rubric.service.ts';
import { questionsMarkedTwice } from '../grading/second-marking.repo.ts';
import { secondMarkingOutstanding } from '../grading/second-marking.service.ts';
import { findRegistrationOfUser } from '../registration/registration.repo.ts';
import { assertMayGradeNow } from './grading-access.ts';
import {
  answersOfQuestions,
  attemptsOf,
  findMark,
  findPublication,
  insertPublication,
  lockCategoryResults,
  lockCategoryResultsShared,
  marksOfQuestions,
  participantsOf,
  writeMark,
} from './results.repo.ts';
import { cachedPublishedSheet } from './sheet-cache.ts';
import { awardBandsOf, effectiveMarks, rankByTotal } from './standings.ts';
import { forgetStandings } from './standings-cache.ts';

/**
 * Everything about a category's exam that grading, results and certificates need, read once. Its
 * `standings` are the one ranking (rankByTotal, awardFor in standings.ts) that every page and PDF shows.
 */
export async function categorySheet(ctx: ServiceContext, competition: CompetitionRow, category: Category) {
  const competitionId = competition.id;
  const questions = await questionsOf(ctx.db, competitionId, category);
  const ids = questions.map((question) => question.id);
  const [participants, answers, photos, marks, attempts, publication] = await Promise.all([
    participantsOf(ctx.db, competitionId, category),
    answersOfQuestions(ctx.db, ids),
    photosOfQuestions(ctx.db, ids),
    marksOfQuestions(ctx.db, ids),
    attemptsOf(ctx.db, competitionId),
    findPublication(ctx.db, competitionId, category),
  ]);
  const key = (userId: string, questionId: string) => `${userId}/${questionId}`;
  const answerOf = new Map(answers.map((answer) => [key(answer.userId, answer.questionId), answer]));
  const markOf = new Map(marks.map((mark) => [key(mark.userId, mark.questionId), mark]));
  const submittedAt = new Map(attempts.map((attempt) => [attempt.userId, attempt.submittedAt]));
  const photoOf = new Map(photos.map((photo) => [photoKey(photo.userId, photo.sha256), photo]));
  const ungraded = answers.filter(
    (answer) =>
      answer.images.length > 0 && effectiveMarks(markOf.get(key(answer.userId, answer.questionId))) === null,
  ).length;
  const standings = rankByTotal(
    participants.map((p) => ({
      ...p,
      total: questions.reduce((sum, q) => sum + (effectiveMarks(markOf.get(key(p.userId, q.id))) ?? 0), 0),
    })),
    awardBandsOf(competition, category),
  );
  /** An answer's photos as graders see them (never an unprocessed file). */
  const imagesOf = (userId: string, questionId: string) =>
    (answerOf.get(key(userId, questionId))?.images ?? []).map((image) =>
      gradingImage(image, photoOf.get(photoKey(userId, image.sha256))),
    );
  return {
    questions,
    participants,
    answerOf,
    imagesOf,
    markOf,
    submittedAt,
    publication,
    ungraded,
    standings,
    key,
  };
}

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

/** A category's standings; for a grader only once grading is open, and without names (as submissionsOf). */
export async function standingsOf(ctx: ServiceContext, viewer: UserRow, code: string, category: Category) {
  const competition = await competitionByCodeOr404(ctx.db, code);
  await assertMayGradeNow(ctx, viewer, competition.id, category);
  const [sheet, outstanding] = await Promise.all([
    categorySheet(ctx, competition, category),
    outstandingPhotos(ctx.db, competition.id, category),
  ]);
  return {
    published_at: sheet.publication ? toDhakaIso(sheet.publication.publishedAt) : null,
    ungraded: sheet.ungraded,
    photos_arriving: outstanding.undelivered,
    late_photos_undecided: outstanding.undecided,
    standings: sheet.standings.map((s) => ({
      user_id: s.userId,
      name: viewer.role === 'admin' ? s.name : null,
      roll_number: s.rollNumber,
      total: s.total,
      rank: s.rank,
      award: s.award,
    })),
  };
}

/**
 * Publishes a category's results and mails every participant. Refused, unless overridden, while answers
 * are ungraded, while photos committed in time are still arriving, or while late photos wait for a decision.
 */
export async function publishResults(
  ctx: ServiceContext,
  code: string,
  category: Category,
  admin: UserRow,
  override: boolean,
) {
  const competition = await competitionByCodeOr404(ctx.db, code);
  const sheet = await categorySheet(ctx, competition, category);
  if (sheet.publication) throw new AppError(409, 'results.published');
  if (sheet.ungraded > 0 && !override) {
    throw new AppError(409, 'results.ungraded', { params: { count: sheet.ungraded } });
  }
  const outstanding = await outstandingPhotos(ctx.db, competition.id, category);
  if ((outstanding.undelivered > 0 || outstanding.undecided > 0) && !override) {
    throw new AppError(409, 'results.undelivered', {
      params: { undelivered: outstanding.undelivered, late: outstanding.undecided },
    });
  }
  // Second marking (decision 037): answers still due for a second mark and unsettled disagreements.
  const second = await secondMarkingOutstanding(ctx, competition, category);
  if ((second.due > 0 || second.disagreements.length > 0) && !override) {
    throw new AppError(409, 'results.secondMarking', {
      params: { due: second.due, disagreements: second.disagreements.length },
    });
  }
  const now = ctx.clock.now();
  await ctx.withMail(async (tx, queueMail) => {
    await lockCategoryResults(tx, competition.id, category);
    const inserted = await insertPublication(tx, {
      competitionId: competition.id,
      category,
      publishedAt: now,
      publishedBy: admin.id,
    });
    if (!inserted) throw new AppError(409, 'results.published');
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'results.publish',
      targetType: 'category',
      targetId: `${competition.code}/${category}`,
      after: {
        participants: sheet.participants.length,
        ungraded: sheet.ungraded,
        ...outstanding,
        second_marks_due: second.due,
        disagreements: second.disagreements.length,
        override,
      },
      at: now,
    });
    for (const participant of sheet.participants) {
      await queueMail(
        resultsPublishedMail(
          { name: participant.name, email: participant.email, language: participant.language },
          { competition: competition.name, resultUrl: `${ctx.config.BASE_URL}/national-round-result` },
        ),
      );
    }
  });
  // Deliveries of photos end with the publication (exam-cache.ts keeps whether it happened).
  forgetExamDefinition(ctx.db, competition.id, category);
  return { published_at: toDhakaIso(now), participants: sheet.participants.length };
}

/** The student's own result once published: marks per question, comments, total, rank and award. */
export async function resultFor(ctx: ServiceContext, code: string, user: UserRow): Promise<Result> {
  const competition = await competitionByCodeOr404(ctx.db, code);
  const registration = await findRegistrationOfUser(ctx.db, competition.id, user.id);
  if (registration?.status !== 'approved') throw new AppError(403, 'exam.notApproved');
  const category = registration.category as Category;
  // Before publication the page only needs to know so: the category's sheet (every answer and mark) is
  // built only for a published result.
  if (!(await findPublication(ctx.db, competition.id, category))) {
    const questions = await questionsOf(ctx.db, competition.id, category);
    return {
      published: false,
      category,
      total: null,
      total_marks: questions.reduce((sum, q) => sum + q.marks, 0),
      rank: null,
      participants: null,
      award: null,
      questions: [],
    };
  }
  // Published results change only with marks, award bands or a publication: the sheet is built once for
  // every finalist's page (sheet-cache.ts).
  const sheet = await cachedPublishedSheet(ctx.db, competition.id, category, () =>
    categorySheet(ctx, competition, category),
  );
  const standing = sheet.standings.find((s) => s.userId === user.id);
  const diagrams = await imagesOfQuestions(
    ctx.db,
    sheet.questions.map((q) => q.id),
  );
  return {
    published: true,
    category,
    total: standing?.total ?? 0,
    total_marks: sheet.questions.reduce((sum, q) => sum + q.marks, 0),
    rank: standing?.rank ?? null,
    participants: sheet.participants.length,
    award: standing?.award ?? null,
    questions: sheet.questions.map((q) => {
      const mark = sheet.markOf.get(sheet.key(user.id, q.id));
      return {
        question_id: q.id,
        position: q.position,
        questionEnglish: q.questionEnglish,
        questionBangla: q.questionBangla,
        questionEnglishHtml: storedQuestionHtml(q.questionEnglishHtml, q.questionEnglish),
        questionBanglaHtml: storedQuestionHtml(q.questionBanglaHtml, q.questionBangla),
        images: (diagrams.get(q.id) ?? []).map(toQuestionImage),
        marks: q.marks,
        marks_awarded: effectiveMarks(mark),
        comment: mark?.overrideComment ?? mark?.graderComment ?? null,
      };
    }),
  };
}

/** A category's standings as CSV (UTF-8 with BOM, formula-safe), for certificates and prize lists. */
export async function standingsCsv(ctx: ServiceContext, admin: UserRow, code: string, category: Category) {
  const { standings } = await standingsOf(ctx, admin, code, category);
  return toCsv(
    ['rank', 'roll_number', 'name', 'total', 'award'],
    standings.map((s) => [s.rank, s.roll_number, s.name, s.total, s.award]),
  );
}

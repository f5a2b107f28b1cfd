import type { Category } from '@ngso/shared/constants';
import type { Result } from '@ngso/shared/schemas/results';
import { AppError } from '../../lib/app-error.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { toCsv } from '../../lib/csv.ts';
import { toDhakaIso } from '../../lib/time.ts';
import { resultsPublishedMail } from '../../mail/templates.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { UserRow } from '../auth/user.ts';
import { competitionByCodeOr404 } from '../competitions/competitions.service.ts';
import { forgetExamDefinition } from '../exam/exam-cache.ts';
import { imagesOfQuestions, outstandingPhotos, questionsOf } from '../exam/public.ts';
import { toQuestionImage } from '../exam/question-images.service.ts';
import { storedQuestionHtml } from '../exam/question-text.ts';
import { findRegistrationOfUser } from '../registration/public.ts';
import { categorySheet } from './category-sheet.ts';
import { secondMarkingOutstanding } from './publication-holds.ts';
import { findPublication, insertPublication, lockCategoryResults } from './results.repo.ts';
import { cachedPublishedSheet } from './sheet-cache.ts';
import { effectiveMarks } from './standings.ts';

/**
 * A category's standings, without names for anyone but an admin. Who may see them when is grading's rule
 * (standingsForStaff in grading/marking.service.ts); the CSV is an admin's.
 */
export async function standingsOf(ctx: ServiceContext, viewer: UserRow, code: string, category: Category) {
  const competition = await competitionByCodeOr404(ctx.db, code);
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
  if ((second.due > 0 || second.disagreements > 0) && !override) {
    throw new AppError(409, 'results.secondMarking', {
      params: { due: second.due, disagreements: second.disagreements },
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
        disagreements: second.disagreements,
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

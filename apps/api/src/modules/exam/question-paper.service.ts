import type { Category } from '@ngso/shared/constants';
import { AppError } from '../../lib/app-error.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { formatInDhaka } from '../../lib/time.ts';
import { admitCardRenders } from '../admit-card/admit-card.service.ts';
import { admitCardText } from '../admit-card/admit-card-text.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { UserRow } from '../auth/auth.repo.ts';
import { competitionByCodeOr404 } from '../competitions/competitions.service.ts';
import { assertMayGradeNow } from '../grading/grading-access.ts';
import { findExam, questionsOf } from './exam.repo.ts';
import { toQuestion } from './exam.service.ts';
import { withImages } from './question-images.repo.ts';
import { type PaperQuestion, renderQuestionPaper } from './render-question-paper.ts';

/**
 * A category's questions as a printable PDF (docs/decisions/041-printable-question-paper.md): for admins at
 * any time, for a grader once grading of the category is open (as the questions themselves). Each print is
 * audited, so a paper that leaks can be traced to who printed it and when.
 */
export async function questionPaperFor(
  ctx: ServiceContext,
  viewer: UserRow,
  code: string,
  category: Category,
) {
  const competition = await competitionByCodeOr404(ctx.db, code);
  const exam = await findExam(ctx.db, competition.id, category);
  if (!exam) throw new AppError(404, 'notFound');
  await assertMayGradeNow(ctx, viewer, competition.id, category);
  // A full render queue answers before any diagram is read from storage.
  admitCardRenders.assertRoom();
  const rows = await withImages(ctx.db, await questionsOf(ctx.db, competition.id, category));
  const questions: PaperQuestion[] = await Promise.all(
    rows.map(async (row) => {
      const question = toQuestion(row);
      return {
        position: row.position,
        marks: question.marks,
        englishHtml: question.questionEnglishHtml,
        banglaHtml: question.questionBanglaHtml,
        // The zoom size: print has the pixels to use it.
        diagrams: await Promise.all(
          row.images.map(async (image) => ({
            jpeg: await ctx.storage.read(image.zoomKey),
            width: image.zoomWidth,
            height: image.zoomHeight,
            altEnglish: image.altEnglish,
            altBangla: image.altBangla,
          })),
        ),
      };
    }),
  );
  const year = formatInDhaka(exam.startsAt, 'yyyy', 'en');
  const english = admitCardText('en', competition.name, category, '').category;
  const bangla = admitCardText('bn', competition.name, category, '').category;
  const pdf = await admitCardRenders(() =>
    renderQuestionPaper({
      competitionName: competition.name,
      year,
      categoryLabel: `${english} · ${bangla}`,
      examDate: formatInDhaka(exam.startsAt, 'MMMM d, yyyy', 'en'),
      examTime: formatInDhaka(exam.startsAt, 'h:mm a', 'en'),
      durationMinutes: Math.round((exam.endsAt.getTime() - exam.startsAt.getTime()) / 60_000),
      questions,
    }),
  );
  await recordAudit(ctx.db, {
    actorId: viewer.id,
    action: 'question.paperPrinted',
    targetType: 'exam',
    targetId: `${competition.code}/${category}`,
    after: { questions: rows.map((row) => row.id), bytes: pdf.length },
    at: ctx.clock.now(),
  });
  return { pdf, fileName: `ngso-${year}-${category}-question-paper.pdf` };
}

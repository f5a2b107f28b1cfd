import { z } from 'zod';
import type { ServiceContext } from '../../lib/context.ts';
import type { NewMail } from '../../mail/outbox.repo.ts';
import { examSubmittedMail, type MailedReceipt } from '../../mail/templates.ts';
import { findUserById } from '../auth/public.ts';
import { findCompetitionById } from '../competitions/public.ts';
import { answersInExam } from './exam.service.ts';
import { studentExam } from './student-exam.ts';

/** What the submission's statement writes in the outbox row's `about` (exam.repo.ts, recordSubmissions). */
const SubmissionMailAboutSchema = z.object({ competition_id: z.string(), user_id: z.string() });

/**
 * The submission mail of one student, rendered when the mail worker sends it (decision 068): the answers as
 * they stand, each photo's receipt derived from its stored commitment, as the success page shows them. Commits
 * close at the submission, so the list is the one the student had then.
 */
export async function submissionMail(ctx: ServiceContext, about: unknown): Promise<NewMail> {
  const { competition_id: competitionId, user_id: userId } = SubmissionMailAboutSchema.parse(about);
  const [user, competition] = await Promise.all([
    findUserById(ctx.db, userId),
    findCompetitionById(ctx.db, competitionId),
  ]);
  if (!user || !competition) throw new Error('the submission mail names a student or competition not found');
  const s = await studentExam(ctx, competition.code, user);
  if (!s.attempt.submittedAt) throw new Error('the submission mail names an exam not submitted');
  const { data: answers } = await answersInExam(ctx, s, user.id);
  const imagesOf = new Map(answers.map((answer) => [answer.question_id, answer.images]));
  const receipts: MailedReceipt[] = s.questions.flatMap((question, q) =>
    (imagesOf.get(question.id) ?? []).flatMap((image, p) =>
      image.receipt && image.receipt_code
        ? [
            {
              question: q + 1,
              photo: p + 1,
              code: image.receipt_code,
              checkUrl: `${ctx.config.BASE_URL}/verify/receipt#${image.receipt}`,
            },
          ]
        : [],
    ),
  );
  return examSubmittedMail(user, {
    competition: competition.name,
    submittedAt: s.attempt.submittedAt,
    answered: s.questions.filter((question) => (imagesOf.get(question.id)?.length ?? 0) > 0).length,
    total: s.questions.length,
    receipts,
    successUrl: `${ctx.config.BASE_URL}/submission-success`,
  });
}

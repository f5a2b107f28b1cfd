import type { Category } from '@ngso/shared/constants';
import { examPhase, studentWindow } from '@ngso/shared/exam-phase';
import type { LiveExam } from '@ngso/shared/schemas/exam';
import { AppError } from '../../lib/app-error.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { toDhakaIso } from '../../lib/time.ts';
import { competitionByCodeOr404 } from '../competitions/competitions.service.ts';
import { approvedRegistrants } from '../registration/public.ts';
import { answersOfQuestions, attemptsOf, findExam, questionsOf } from './exam.repo.ts';

/** A student counts as active when they saved an answer within this long. */
const ACTIVE_WITHIN_MS = 60_000;

const latest = (a: Date | null, b: Date) => (a && a > b ? a : b);

/**
 * One category's exam as it happens: every approved student with how many questions they answered,
 * their last save, their own end (extra minutes included) and whether they submitted.
 */
export async function liveExam(ctx: ServiceContext, code: string, category: Category): Promise<LiveExam> {
  const competition = await competitionByCodeOr404(ctx.db, code);
  const exam = await findExam(ctx.db, competition.id, category);
  if (!exam) throw new AppError(404, 'notFound');
  const questions = await questionsOf(ctx.db, competition.id, category);
  const [registrants, answers, attempts] = await Promise.all([
    approvedRegistrants(ctx.db, competition.id, category),
    answersOfQuestions(
      ctx.db,
      questions.map((question) => question.id),
    ),
    attemptsOf(ctx.db, competition.id),
  ]);
  const now = ctx.clock.now();
  const activeSince = now.getTime() - ACTIVE_WITHIN_MS;
  const attemptOf = new Map(attempts.map((attempt) => [attempt.userId, attempt]));
  const progress = new Map<string, { answered: number; lastSaved: Date | null }>();
  for (const answer of answers) {
    const entry = progress.get(answer.userId) ?? { answered: 0, lastSaved: null };
    if (answer.images.length > 0) entry.answered += 1;
    entry.lastSaved = latest(entry.lastSaved, answer.savedAt);
    progress.set(answer.userId, entry);
  }
  const students = registrants
    .map((registrant) => {
      const attempt = attemptOf.get(registrant.userId);
      const done = progress.get(registrant.userId);
      const extraMinutes = attempt?.extraMinutes ?? 0;
      return {
        user_id: registrant.userId,
        name: registrant.name,
        roll_number: registrant.rollNumber,
        answered: done?.answered ?? 0,
        last_saved_at: done?.lastSaved ? toDhakaIso(done.lastSaved) : null,
        submitted_at: attempt?.submittedAt ? toDhakaIso(attempt.submittedAt) : null,
        extra_minutes: extraMinutes,
        ends_at: toDhakaIso(studentWindow(exam, extraMinutes).end),
        active: !attempt?.submittedAt && (done?.lastSaved?.getTime() ?? 0) > activeSince,
      };
    })
    .sort((a, b) => (a.roll_number ?? a.name).localeCompare(b.roll_number ?? b.name));
  return {
    category,
    phase: examPhase(now, studentWindow(exam, 0)),
    now: toDhakaIso(now),
    starts_at: toDhakaIso(exam.startsAt),
    ends_at: toDhakaIso(exam.endsAt),
    total_questions: questions.length,
    counts: {
      approved: students.length,
      started: students.filter((s) => s.answered > 0 || s.submitted_at).length,
      active: students.filter((s) => s.active).length,
      submitted: students.filter((s) => s.submitted_at).length,
    },
    students,
  };
}

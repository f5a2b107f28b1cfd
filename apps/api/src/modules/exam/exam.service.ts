import type { Category } from '@ngso/shared/constants';
import type { Answer, Exam, Question, SaveAnswerSchema } from '@ngso/shared/schemas/exam';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { batchLoader } from '../../lib/batch-loader.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { toDhakaIso } from '../../lib/time.ts';
import type { UserRow } from '../auth/auth.repo.ts';
import type { SessionLookup } from '../auth/sessions.ts';
import { mediaUrl } from '../media/media.service.ts';
import {
  type AnswerRow,
  answersOf,
  answersOfUsers,
  countOwnUploads,
  type Entrant,
  findAnswer,
  findEntrant,
  findSessionsWithEntrants,
  insertAnswer,
  type QuestionRow,
  recordSubmission,
  replaceAnswer,
} from './exam.repo.ts';
import { cachedCompetition, cachedExamDefinition } from './exam-cache.ts';
import { examPhase, studentWindow } from './exam-phase.ts';

/** Students' entries read in the same query as their session (sessionWithEntrant), by the request's user. */
const readWithSession = new WeakMap<UserRow, { competitionId: string; entrant: Entrant | null }>();

type EntrantLoader = (
  tokenHash: string,
) => Promise<
  Awaited<ReturnType<typeof findSessionsWithEntrants>> extends ReadonlyMap<string, infer V>
    ? V | undefined
    : never
>;
const entrantLoaders = new WeakMap<Database, Map<string, EntrantLoader>>();

/**
 * The session lookup of the exam's calls: the session, its user and the user's registration and attempt
 * in one query, shared by the calls that arrive together (lib/batch-loader.ts). At the exam's start a
 * thousand calls arrive in the same instant and cost a few queries; the window and the questions come
 * from the per-process cache (exam-cache.ts).
 */
export function sessionWithEntrant(db: Database, competitionId: string): SessionLookup {
  let perCompetition = entrantLoaders.get(db);
  if (!perCompetition) {
    perCompetition = new Map();
    entrantLoaders.set(db, perCompetition);
  }
  let load = perCompetition.get(competitionId);
  if (!load) {
    load = batchLoader((tokenHashes) => findSessionsWithEntrants(db, tokenHashes, competitionId));
    perCompetition.set(competitionId, load);
  }
  const loadEntrant = load;
  return async (_db, tokenHash) => {
    const found = await loadEntrant(tokenHash);
    if (found) readWithSession.set(found.user, { competitionId, entrant: found.entrant });
    return found;
  };
}

/** Everything about one approved student's exam: the window, their attempt and the questions. */
async function studentExam(ctx: ServiceContext, code: string, user: UserRow) {
  const competition = await cachedCompetition(ctx.db, code);
  const known = readWithSession.get(user);
  const entrant =
    known?.competitionId === competition.id
      ? known.entrant
      : await findEntrant(ctx.db, competition.id, user.id);
  if (entrant?.status !== 'approved') throw new AppError(403, 'exam.notApproved');
  const category = entrant.category as Category;
  const { exam, questions } = await cachedExamDefinition(ctx.db, competition.id, category);
  if (!exam) throw new AppError(404, 'notFound');
  const attempt = { extraMinutes: entrant.extraMinutes ?? 0, submittedAt: entrant.submittedAt };
  const window = studentWindow(exam, attempt.extraMinutes);
  const now = ctx.clock.now();
  return { competition, category, window, attempt, questions, now, phase: examPhase(now, window) };
}

export async function examFor(ctx: ServiceContext, code: string, user: UserRow): Promise<Exam> {
  const s = await studentExam(ctx, code, user);
  return {
    category: s.category,
    starts_at: toDhakaIso(s.window.start),
    ends_at: toDhakaIso(s.window.end),
    duration_minutes: Math.round((s.window.end.getTime() - s.window.start.getTime()) / 60_000),
    total_questions: s.questions.length,
    total_marks: s.questions.reduce((sum, question) => sum + question.marks, 0),
    phase: s.phase,
    submitted_at: s.attempt.submittedAt ? toDhakaIso(s.attempt.submittedAt) : null,
  };
}

const toQuestion = (row: QuestionRow): Question => ({
  id: row.id,
  marks: row.marks,
  questionEnglish: row.questionEnglish,
  questionBangla: row.questionBangla,
});

/** Questions are visible only while the student's own category is in its window. */
export async function questionsFor(ctx: ServiceContext, code: string, user: UserRow, category: Category) {
  const s = await studentExam(ctx, code, user);
  if (category !== s.category || s.phase !== 'DURING_EXAM') throw new AppError(403, 'exam.notOpen');
  return s.questions.map(toQuestion);
}

const toAnswer = (row: AnswerRow): Answer => ({
  question_id: row.questionId,
  image_urls: row.mediaIds.map(mediaUrl),
  version: row.version,
  saved_at: toDhakaIso(row.savedAt),
});

const answerLoaders = new WeakMap<Database, (userId: string) => Promise<AnswerRow[] | undefined>>();

/** A student's answers; the reads of students who ask together are one query (lib/batch-loader.ts). */
function loadAnswers(db: Database, userId: string) {
  let load = answerLoaders.get(db);
  if (!load) {
    load = batchLoader((userIds) => answersOfUsers(db, userIds));
    answerLoaders.set(db, load);
  }
  return load(userId);
}

export async function answersFor(ctx: ServiceContext, code: string, user: UserRow) {
  const s = await studentExam(ctx, code, user);
  const ids = new Set(s.questions.map((question) => question.id));
  const rows = (await loadAnswers(ctx.db, user.id)) ?? [];
  return rows.filter((row) => ids.has(row.questionId)).map(toAnswer);
}

const MEDIA_URL = /^\/api\/v1\/media\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/**
 * Replaces one question's answer with the images sent. Accepted during the window and for a short grace
 * after it (uploads already under way), never after submission. A save that names the version it read is
 * refused when another save came between (409), so two tabs cannot silently drop each other's images;
 * one without a version (a client of the spec's fields only) replaces the answer.
 */
export async function saveAnswer(
  ctx: ServiceContext,
  code: string,
  user: UserRow,
  input: z.output<typeof SaveAnswerSchema>,
) {
  const s = await studentExam(ctx, code, user);
  if (s.attempt.submittedAt) throw new AppError(409, 'exam.submitted');
  if (s.phase === 'BEFORE_EXAM') throw new AppError(403, 'exam.notOpen');
  const graceEnd = s.window.end.getTime() + ctx.config.EXAM_GRACE_SECONDS * 1000;
  if (s.now.getTime() >= graceEnd) throw new AppError(409, 'exam.ended');
  if (!s.questions.some((question) => question.id === input.question_id))
    throw new AppError(404, 'answer.question');

  const mediaIds = input.image_urls.map((url) => MEDIA_URL.exec(url)?.[1]?.toLowerCase());
  if (mediaIds.some((id) => !id)) throw new AppError(403, 'answer.foreignImage');
  const ids = [...new Set(mediaIds as string[])];
  if ((await countOwnUploads(ctx.db, user.id, ids)) !== ids.length)
    throw new AppError(403, 'answer.foreignImage');

  for (let attempt = 0; attempt < 3; attempt++) {
    const current = await findAnswer(ctx.db, user.id, input.question_id);
    if (input.version !== undefined && input.version !== (current?.version ?? 0)) {
      throw new AppError(409, 'answer.stale');
    }
    if (current && sameList(current.mediaIds, ids)) return toAnswer(current);
    const saved = current
      ? await replaceAnswer(ctx.db, current, ids, s.now)
      : await insertAnswer(ctx.db, {
          userId: user.id,
          questionId: input.question_id,
          mediaIds: ids,
          version: 1,
          savedAt: s.now,
        });
    if (saved) return toAnswer(saved);
    // Another save of this question came between our read and our write: read again.
  }
  throw new AppError(409, 'answer.stale');
}

const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((id, i) => id === b[i]);

/** Records the submission on the server's clock; idempotent. After the end, answers stand as submitted. */
export async function submitExam(ctx: ServiceContext, code: string, user: UserRow) {
  const s = await studentExam(ctx, code, user);
  if (s.phase === 'BEFORE_EXAM') throw new AppError(409, 'exam.notStarted');
  const at = s.phase === 'AFTER_EXAM' ? s.window.end : s.now;
  const attempt = await recordSubmission(ctx.db, s.competition.id, user.id, at);
  const answered = (
    await answersOf(
      ctx.db,
      user.id,
      s.questions.map((question) => question.id),
    )
  ).filter((answer) => answer.mediaIds.length > 0).length;
  return {
    submitted_at: toDhakaIso(attempt?.submittedAt ?? at),
    answered,
    total: s.questions.length,
  };
}

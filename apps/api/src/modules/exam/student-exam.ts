import type { Category } from '@ngso/shared/constants';
import { examPhase, studentWindow } from '@ngso/shared/exam-phase';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { batchLoader } from '../../lib/batch-loader.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { perDatabase } from '../../lib/per-database.ts';
import type { SessionLookup } from '../auth/sessions.ts';
import type { UserRow } from '../auth/user.ts';
import { type Entrant, findEntrant, findSessionsWithEntrants } from './exam.repo.ts';
import { cachedCompetition, cachedExamDefinition } from './exam-cache.ts';

/** Students' entries read in the same query as their session (sessionWithEntrant), by the request's user. */
const readWithSession = new WeakMap<UserRow, { competitionId: string; entrant: Entrant | null }>();

type EntrantLoader = (
  tokenHash: string,
) => Promise<
  Awaited<ReturnType<typeof findSessionsWithEntrants>> extends ReadonlyMap<string, infer V>
    ? V | undefined
    : never
>;
const entrantLoadersOf = perDatabase((_db: Database) => new Map<string, EntrantLoader>());

/**
 * The session lookup of the exam's calls: the session, its user and the user's registration and attempt
 * in one query, shared by the calls that arrive together (lib/batch-loader.ts). At the exam's start a
 * thousand calls arrive in the same instant and cost a few queries; the window and the questions come
 * from the per-process cache (exam-cache.ts).
 */
export function sessionWithEntrant(db: Database, competitionId: string): SessionLookup {
  const perCompetition = entrantLoadersOf(db);
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
export async function studentExam(ctx: ServiceContext, code: string, user: UserRow) {
  const competition = await cachedCompetition(ctx.db, code);
  const known = readWithSession.get(user);
  const entrant =
    known?.competitionId === competition.id
      ? known.entrant
      : await findEntrant(ctx.db, competition.id, user.id);
  if (entrant?.status !== 'approved') throw new AppError(403, 'exam.notApproved');
  const category = entrant.category as Category;
  const { exam, questions, published } = await cachedExamDefinition(ctx.db, competition.id, category);
  if (!exam) throw new AppError(404, 'notFound');
  const attempt = { extraMinutes: entrant.extraMinutes ?? 0, submittedAt: entrant.submittedAt };
  const window = studentWindow(exam, attempt.extraMinutes);
  const now = ctx.clock.now();
  return {
    competition,
    category,
    rollNumber: entrant.rollNumber,
    window,
    attempt,
    questions,
    published,
    now,
    phase: examPhase(now, window),
  };
}

export type StudentExam = Awaited<ReturnType<typeof studentExam>>;

/** The end of the grace: commitments are accepted until then. */
export const graceEnd = (ctx: ServiceContext, s: Pick<StudentExam, 'window'>) =>
  new Date(s.window.end.getTime() + ctx.config.EXAM_GRACE_SECONDS * 1000);

/** Until when bytes of committed (and late) photos are accepted, without the publication check. */
export const deliveryEnd = (ctx: ServiceContext, s: Pick<StudentExam, 'window'>) =>
  new Date(s.window.end.getTime() + ctx.config.EXAM_DELIVERY_MINUTES * 60_000);

/** From when a student's encrypted question paper may be downloaded: EXAM_PAPER_LEAD_MINUTES before the start. */
export const paperFrom = (ctx: ServiceContext, s: Pick<StudentExam, 'window'>) =>
  new Date(s.window.start.getTime() - ctx.config.EXAM_PAPER_LEAD_MINUTES * 60_000);

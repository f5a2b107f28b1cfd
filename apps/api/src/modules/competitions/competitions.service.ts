import type { Executor } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { findCompetitionByCode } from './competitions.repo.ts';

/**
 * The competition named by a path segment such as ngso-1; 404 when there is none. (The repository's
 * findCompetitionByCode returns undefined instead: the names say which one throws.)
 */
export async function competitionByCodeOr404(db: Executor, code: string) {
  const competition = await findCompetitionByCode(db, code);
  if (!competition) throw notFound();
  return competition;
}

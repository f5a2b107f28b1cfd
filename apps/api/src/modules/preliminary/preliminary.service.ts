import type { Category } from '@ngso/shared/constants';
import type { PreliminaryResult } from '@ngso/shared/schemas/registration';
import { AppError } from '../../lib/app-error.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { competitionByCodeOr404 } from '../competitions/competitions.service.ts';
import { parseResultsCsv, type RowError } from './parse-results-csv.ts';
import { findPreliminaryResult, type PreliminaryRow, upsertPreliminaryResults } from './preliminary.repo.ts';

export const toPreliminaryResult = (row: PreliminaryRow): PreliminaryResult => ({
  email: row.email,
  name: row.name,
  category: row.category as Category,
  score: row.score,
  total: row.total,
  qualified: row.qualified,
});

/** A student may look up the result of their own e-mail only; it lists no one else. */
export async function lookUpPreliminaryResult(
  ctx: ServiceContext,
  code: string,
  viewerEmail: string,
  email: string,
) {
  if (email.toLowerCase() !== viewerEmail.toLowerCase()) throw new AppError(403, 'prelim.ownOnly');
  const competition = await competitionByCodeOr404(ctx.db, code);
  const row = await findPreliminaryResult(ctx.db, competition.id, email);
  if (!row) throw new AppError(404, 'prelim.notFound');
  return toPreliminaryResult(row);
}

/** Row errors go out under `errors`, keyed 'row N', so the organiser can correct the file. */
const importError = (rows: RowError[]) =>
  new AppError(422, 'prelim.import.invalid', {
    details: Object.fromEntries(rows.map((error) => [`row ${error.row}`, [error.message]])),
  });

/** Imports a results CSV into a competition, all or nothing. */
export async function importPreliminaryResults(
  ctx: ServiceContext,
  code: string,
  csv: string,
  actorId: string | null,
) {
  const competition = await competitionByCodeOr404(ctx.db, code);
  const { rows, errors } = parseResultsCsv(csv);
  if (errors.length > 0) throw importError(errors);
  if (rows.length === 0) throw new AppError(422, 'prelim.import.empty');
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await upsertPreliminaryResults(
      tx,
      rows.map((row) => ({ ...row, competitionId: competition.id, importedAt: now })),
    );
    await recordAudit(tx, {
      actorId,
      action: 'preliminary.import',
      targetType: 'competition',
      targetId: competition.code,
      after: { imported: rows.length },
      at: now,
    });
  });
  return { imported: rows.length, qualified: rows.filter((row) => row.qualified).length };
}

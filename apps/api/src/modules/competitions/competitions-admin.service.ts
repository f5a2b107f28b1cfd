import type { Category } from '@ngso/shared/constants';
import type {
  AwardBands,
  Competition,
  CompetitionInputSchema,
  CompetitionUpdateSchema,
} from '@ngso/shared/schemas/competitions';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { recordAudit } from '../audit/audit.repo.ts';
import type { UserRow } from '../auth/auth.repo.ts';
import {
  type CompetitionRow,
  hasPublishedResults,
  insertCompetition,
  listCompetitions,
  updateCompetition,
} from './competitions.repo.ts';
import { competitionByCodeOr404 } from './competitions.service.ts';

export const toCompetition = (row: CompetitionRow): Competition => ({
  code: row.code,
  name: row.name,
  fee_bdt: row.feeBdt,
  categories: row.categories as Category[],
  award_bands: row.awardBands,
  created_at: row.createdAt.toISOString(),
});

export async function allCompetitions(ctx: ServiceContext) {
  return (await listCompetitions(ctx.db)).map(toCompetition);
}

/**
 * Next year's competition is a new row, not new code: its categories' exam windows, questions and
 * final-round details are then set in the console like ngso-1's.
 */
export async function createCompetition(
  ctx: ServiceContext,
  admin: UserRow,
  input: z.output<typeof CompetitionInputSchema>,
) {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const row = await insertCompetition(tx, {
      code: input.code,
      name: input.name,
      feeBdt: input.fee_bdt,
      categories: input.categories,
      createdAt: now,
    });
    if (!row) throw new AppError(409, 'competition.exists');
    const created = toCompetition(row);
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'competition.create',
      targetType: 'competition',
      targetId: row.code,
      after: created,
      at: now,
    });
    return created;
  });
}

/** Name, fee, categories and award bands; the bands are fixed once any category's results are out. */
export async function changeCompetition(
  ctx: ServiceContext,
  admin: UserRow,
  code: string,
  input: z.output<typeof CompetitionUpdateSchema>,
) {
  const competition = await competitionByCodeOr404(ctx.db, code);
  // Compared band by band: the database gives JSON keys back in its own order.
  const bandsChanged = (Object.keys(input.award_bands) as Array<keyof AwardBands>).some(
    (band) => competition.awardBands[band] !== input.award_bands[band],
  );
  if (bandsChanged && (await hasPublishedResults(ctx.db, competition.id))) {
    throw new AppError(409, 'awards.published');
  }
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const row = await updateCompetition(tx, competition.id, {
      name: input.name,
      feeBdt: input.fee_bdt,
      categories: input.categories,
      awardBands: input.award_bands,
    });
    const changed = toCompetition(row);
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'competition.update',
      targetType: 'competition',
      targetId: row.code,
      before: toCompetition(competition),
      after: changed,
      at: now,
    });
    return changed;
  });
}

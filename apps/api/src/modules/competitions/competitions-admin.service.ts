import type { Category } from '@ngso/shared/constants';
import type {
  AwardBands,
  CategoryAwardBands,
  Competition,
  CompetitionInputSchema,
  CompetitionUpdateSchema,
} from '@ngso/shared/schemas/competitions';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { UserRow } from '../auth/user.ts';
import { awardBandsChanged, awardBandsOf } from './award-bands.ts';
import {
  type CompetitionRow,
  insertCompetition,
  listCompetitions,
  publishedCategories,
  updateCompetition,
} from './competitions.repo.ts';
import { competitionByCodeOr404 } from './competitions.service.ts';

export const toCompetition = (row: CompetitionRow): Competition => ({
  code: row.code,
  name: row.name,
  fee_bdt: row.feeBdt,
  categories: row.categories as Category[],
  award_bands: row.awardBands,
  category_award_bands: row.categoryAwardBands,
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

/** Name, fee, categories, award bands and the categories' own bands; a published category's bands stay fixed. */
/** Compared band by band: the database gives JSON keys back in its own order. */
const sameBands = (a: AwardBands, b: AwardBands) =>
  (Object.keys(a) as Array<keyof AwardBands>).every((band) => a[band] === b[band]);

export async function changeCompetition(
  ctx: ServiceContext,
  admin: UserRow,
  code: string,
  input: z.output<typeof CompetitionUpdateSchema>,
) {
  const competition = await competitionByCodeOr404(ctx.db, code);
  const changed = {
    awardBands: input.award_bands,
    // Only the competition's categories keep bands of their own.
    categoryAwardBands: Object.fromEntries(
      Object.entries(input.category_award_bands ?? competition.categoryAwardBands).filter(([category]) =>
        input.categories.includes(category as Category),
      ),
    ) as CategoryAwardBands,
  };
  // A published category's awards never move: its bands, its own or the competition's, stay as they are.
  const published = await publishedCategories(ctx.db, competition.id);
  if (
    published.some(
      (category) => !sameBands(awardBandsOf(competition, category), awardBandsOf(changed, category)),
    )
  ) {
    throw new AppError(409, 'awards.published');
  }
  const now = ctx.clock.now();
  const updated = await ctx.db.transaction(async (tx) => {
    const row = await updateCompetition(tx, competition.id, {
      name: input.name,
      feeBdt: input.fee_bdt,
      categories: input.categories,
      ...changed,
    });
    const after = toCompetition(row);
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'competition.update',
      targetType: 'competition',
      targetId: row.code,
      before: toCompetition(competition),
      after,
      at: now,
    });
    return after;
  });
  // The award bands may have moved every category's awards.
  awardBandsChanged(ctx.db, competition.id);
  return updated;
}

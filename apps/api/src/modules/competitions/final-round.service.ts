import type { Category } from '@ngso/shared/constants';
import type { ExamDetails, FinalRoundDetailsInputSchema } from '@ngso/shared/schemas/registration';
import type { z } from 'zod';
import type { ServiceContext } from '../../lib/context.ts';
import { recordAudit } from '../audit/audit.repo.ts';
import type { UserRow } from '../auth/auth.repo.ts';
import { findFinalRoundDetails, writeFinalRoundDetails } from './competitions.repo.ts';
import { competitionByCode } from './competitions.service.ts';

type DetailsRow = NonNullable<Awaited<ReturnType<typeof findFinalRoundDetails>>>;

/** The details as `exam_details` shows them (api.md). */
export const toExamDetails = (row: DetailsRow | undefined): ExamDetails => ({
  date: row?.date ?? null,
  reporting_time: row?.reportingTime ?? null,
  time: row?.time ?? null,
  venue: row?.venue ?? null,
  influencer_Session: row?.influencerSession ?? null,
  departure: row?.departure ?? null,
});

export async function finalRoundDetailsOf(ctx: ServiceContext, code: string, category: Category) {
  const competition = await competitionByCode(ctx.db, code);
  return toExamDetails(await findFinalRoundDetails(ctx.db, competition.id, category));
}

export async function changeFinalRoundDetails(
  ctx: ServiceContext,
  admin: UserRow,
  code: string,
  category: Category,
  input: z.output<typeof FinalRoundDetailsInputSchema>,
) {
  const competition = await competitionByCode(ctx.db, code);
  const before = await findFinalRoundDetails(ctx.db, competition.id, category);
  return ctx.db.transaction(async (tx) => {
    const row = await writeFinalRoundDetails(tx, {
      competitionId: competition.id,
      category,
      date: input.date,
      reportingTime: input.reporting_time,
      time: input.time,
      venue: input.venue,
      influencerSession: input.influencer_Session,
      departure: input.departure,
    });
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'final_round.details',
      targetType: 'final_round',
      targetId: `${competition.code}/${category}`,
      before: before ? toExamDetails(before) : null,
      after: toExamDetails(row),
      at: ctx.clock.now(),
    });
    return toExamDetails(row);
  });
}

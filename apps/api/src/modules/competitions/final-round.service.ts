import type { Category } from '@ngso/shared/constants';
import type { Language } from '@ngso/shared/language';
import type {
  ExamDetails,
  FinalRoundDetails,
  FinalRoundDetailsInputSchema,
} from '@ngso/shared/schemas/registration';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { formatInDhaka, toDhakaIso } from '../../lib/time.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { UserRow } from '../auth/user.ts';
import { findExam } from '../exam/public.ts';
import { findFinalRoundDetails, writeFinalRoundDetails } from './competitions.repo.ts';
import { competitionByCodeOr404 } from './competitions.service.ts';

type DetailsRow = NonNullable<Awaited<ReturnType<typeof findFinalRoundDetails>>>;

/** The final round's details as organisers set them (api.md, `exam_details`). */
export const toFinalRoundDetails = (row: DetailsRow | undefined): FinalRoundDetails => ({
  date: row?.date ?? null,
  reporting_time: row?.reportingTime ?? null,
  time: row?.time ?? null,
  venue: row?.venue ?? null,
  influencer_Session: row?.influencerSession ?? null,
  departure: row?.departure ?? null,
});

const SLOT_TEXT = { en: { to: 'to' }, bn: { to: 'থেকে' } } satisfies Record<Language, unknown>;

/**
 * The online exam's slot for display, from the category's exam window: its date ('December 20, 2025' /
 * '২০ ডিসেম্বর ২০২৫') and time ('3:00 PM to 4:00 PM' / 'বিকাল ৩:০০ থেকে বিকাল ৪:০০'; the end's date too when
 * the window ends on another day), in Asia/Dhaka; null while none is scheduled.
 */
export function onlineExamSlot(
  window: { startsAt: Date; endsAt: Date } | undefined,
  language: Language,
): { date: string; time: string; startsAt: string; endsAt: string } | null {
  if (!window) return null;
  const day = (date: Date) => formatInDhaka(date, 'yyyy-MM-dd', 'en');
  const endPattern = day(window.startsAt) === day(window.endsAt) ? 'h:mm a' : 'MMMM d, yyyy, h:mm a';
  return {
    date: formatInDhaka(window.startsAt, 'MMMM d, yyyy', language),
    time: `${formatInDhaka(window.startsAt, 'h:mm a', language)} ${SLOT_TEXT[language].to} ${formatInDhaka(window.endsAt, endPattern, language)}`,
    startsAt: toDhakaIso(window.startsAt),
    endsAt: toDhakaIso(window.endsAt),
  };
}

/**
 * `exam_details` of a category: the final round's details and the online exam's slot, read from the schedule
 * organisers set at the time of the call (so a changed window shows on the next status call and admit card).
 */
export async function examDetailsOf(
  db: Executor,
  competitionId: string,
  category: string,
  language: Language,
): Promise<ExamDetails> {
  const [details, window] = await Promise.all([
    findFinalRoundDetails(db, competitionId, category),
    findExam(db, competitionId, category),
  ]);
  const slot = onlineExamSlot(window, language);
  return {
    ...toFinalRoundDetails(details),
    online_exam_date: slot?.date ?? null,
    online_exam_time: slot?.time ?? null,
    online_exam_starts_at: slot?.startsAt ?? null,
    online_exam_ends_at: slot?.endsAt ?? null,
  };
}

export async function finalRoundDetailsOf(ctx: ServiceContext, code: string, category: Category) {
  const competition = await competitionByCodeOr404(ctx.db, code);
  return toFinalRoundDetails(await findFinalRoundDetails(ctx.db, competition.id, category));
}

export async function changeFinalRoundDetails(
  ctx: ServiceContext,
  admin: UserRow,
  code: string,
  category: Category,
  input: z.output<typeof FinalRoundDetailsInputSchema>,
) {
  const competition = await competitionByCodeOr404(ctx.db, code);
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
      before: before ? toFinalRoundDetails(before) : null,
      after: toFinalRoundDetails(row),
      at: ctx.clock.now(),
    });
    return toFinalRoundDetails(row);
  });
}

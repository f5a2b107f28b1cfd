import type { Category } from '@ngso/shared/constants';
import type { ExamDetails, RegistrationStatusResponse } from '@ngso/shared/schemas/registration';
import type { ServiceContext } from '../../lib/context.ts';
import { findFinalRoundDetails } from '../competitions/competitions.repo.ts';
import { competitionByCode } from '../competitions/competitions.service.ts';
import { findRegistrationOfUser } from './registration.repo.ts';

/** The signed-in student's registration as the spec's status call shows it (api.md). */
export async function registrationStatus(
  ctx: ServiceContext,
  competitionCode: string,
  userId: string,
): Promise<RegistrationStatusResponse> {
  const competition = await competitionByCode(ctx.db, competitionCode);
  const registration = await findRegistrationOfUser(ctx.db, competition.id, userId);
  const approved = registration?.status === 'approved';
  const details = approved
    ? await findFinalRoundDetails(ctx.db, competition.id, registration.category)
    : undefined;
  const fields = {
    registration_status: registration?.status ?? null,
    registration_date: registration?.registeredAt.toISOString() ?? null,
    admit_card_url: approved ? `/api/v1/${competition.code}/admit-card` : null,
    exam_details: details ? toExamDetails(details) : null,
  };
  return {
    status: 'success',
    category: (registration?.category as Category | undefined) ?? null,
    registration_date: fields.registration_date,
    admit_card_url: fields.admit_card_url,
    exam_details: fields.exam_details,
    data: fields,
  };
}

function toExamDetails(row: NonNullable<Awaited<ReturnType<typeof findFinalRoundDetails>>>): ExamDetails {
  return {
    date: row.date,
    reporting_time: row.reportingTime,
    time: row.time,
    venue: row.venue,
    influencer_Session: row.influencerSession,
    departure: row.departure,
  };
}

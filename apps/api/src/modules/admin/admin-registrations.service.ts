import type { Category } from '@ngso/shared/constants';
import type { AdminRegistration, AdminRegistrationQuerySchema } from '@ngso/shared/schemas/registration';
import type { z } from 'zod';
import type { ServiceContext } from '../../lib/context.ts';
import { competitionByCode } from '../competitions/competitions.service.ts';
import { listRegistrations, type RegistrationRow } from '../registration/registration.repo.ts';

export function toAdminRegistration(
  row: RegistrationRow,
  user: { email: string; phoneNumber: string | null },
): AdminRegistration {
  return {
    id: row.id,
    user_id: row.userId,
    name: row.name,
    email: user.email,
    phone_number: user.phoneNumber,
    category: row.category as Category,
    class: row.classLevel,
    institution: row.institution,
    division: row.division,
    district: row.district,
    sub_district: row.subDistrict,
    registration_status: row.status,
    registration_date: row.registeredAt.toISOString(),
    payment_method: row.paymentMethod,
    payment_sender: row.paymentSender,
    transaction_id: row.transactionId,
    roll_number: row.rollNumber,
    rejection_reason: row.rejectionReason,
  };
}

export async function findRegistrations(
  ctx: ServiceContext,
  query: z.output<typeof AdminRegistrationQuerySchema>,
) {
  const competition = await competitionByCode(ctx.db, query.competition);
  const { rows, total } = await listRegistrations(
    ctx.db,
    {
      competitionId: competition.id,
      status: query.status,
      category: query.category,
      division: query.division,
      q: query.q,
    },
    query.page,
    query.per_page,
  );
  return {
    data: rows.map((row) => toAdminRegistration(row.registration, row)),
    meta: { page: query.page, per_page: query.per_page, total },
  };
}

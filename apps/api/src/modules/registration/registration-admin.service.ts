import type { Category } from '@ngso/shared/constants';
import type { AdminRegistration, AdminRegistrationQuerySchema } from '@ngso/shared/schemas/registration';
import type { z } from 'zod';
import type { ServiceContext } from '../../lib/context.ts';
import { competitionByCodeOr404 } from '../competitions/competitions.service.ts';
import {
  allRegistrations,
  listRegistrations,
  type RegistrationFilter,
  type RegistrationRow,
} from './registration.repo.ts';

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
    payment_matched_at: row.paymentMatchedAt?.toISOString() ?? null,
  };
}

type RegistrationQuery = z.output<typeof AdminRegistrationQuerySchema>;

async function filterOf(ctx: ServiceContext, query: RegistrationQuery): Promise<RegistrationFilter> {
  const competition = await competitionByCodeOr404(ctx.db, query.competition);
  return {
    competitionId: competition.id,
    status: query.status,
    category: query.category,
    division: query.division,
    q: query.q,
    payment: query.payment,
  };
}

export async function findRegistrations(ctx: ServiceContext, query: RegistrationQuery) {
  const { rows, total } = await listRegistrations(
    ctx.db,
    await filterOf(ctx, query),
    query.page,
    query.per_page,
  );
  return {
    data: rows.map((row) => toAdminRegistration(row.registration, row)),
    meta: { page: query.page, per_page: query.per_page, total },
  };
}

/** Every registration that matches the filter (all pages), for the export. */
export async function everyRegistration(ctx: ServiceContext, query: RegistrationQuery) {
  const rows = await allRegistrations(ctx.db, await filterOf(ctx, query));
  return rows.map((row) => toAdminRegistration(row.registration, row));
}

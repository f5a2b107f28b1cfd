import type { Category } from '@ngso/shared/constants';
import type { AdminRegistration, AdminRegistrationQuerySchema } from '@ngso/shared/schemas/registration';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { toCsv } from '../../lib/csv.ts';
import type { UserRow } from '../auth/user.ts';
import { competitionByCodeOr404 } from '../competitions/competitions.service.ts';
import {
  allRegistrations,
  listRegistrations,
  type RegistrationFilter,
  type RegistrationRow,
} from './registration.repo.ts';
import { approveRegistration } from './registration.service.ts';

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

const CSV_COLUMNS = [
  'id',
  'name',
  'email',
  'phone_number',
  'category',
  'class',
  'institution',
  'division',
  'district',
  'sub_district',
  'registration_status',
  'registration_date',
  'payment_method',
  'payment_sender',
  'transaction_id',
  'roll_number',
  'rejection_reason',
  'payment_matched_at',
] as const;

/** Every registration that matches the filter, as CSV (all pages). */
export async function registrationsCsv(
  ctx: ServiceContext,
  query: z.output<typeof AdminRegistrationQuerySchema>,
) {
  const rows = await everyRegistration(ctx, query);
  return toCsv(
    [...CSV_COLUMNS],
    rows.map((row) => CSV_COLUMNS.map((column) => row[column])),
  );
}

/** Approves each pending registration named; reports what it did and what it skipped, and why. */
export async function bulkApprove(ctx: ServiceContext, admin: UserRow, ids: string[]) {
  const approved: string[] = [];
  const skipped: Array<{ id: string; reason: string }> = [];
  for (const id of ids) {
    try {
      await approveRegistration(ctx, id, admin);
      approved.push(id);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      skipped.push({ id, reason: err.messageKey });
    }
  }
  return { approved, skipped };
}

import type { AdminRegistrationQuerySchema } from '@ngso/shared/schemas/registration';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { toCsv } from '../../lib/csv.ts';
import { isUuid } from '../../lib/ids.ts';
import { toDhakaIso } from '../../lib/time.ts';
import { listAudit, recordAudit } from '../audit/audit.repo.ts';
import {
  deleteSessionsOfUser,
  findUserById,
  searchUsers,
  type UserRow,
  updateUserRole,
} from '../auth/auth.repo.ts';
import { competitionByCodeOr404 } from '../competitions/competitions.service.ts';
import { approveRegistration } from '../registration/registration.service.ts';
import { everyRegistration } from '../registration/registration-admin.service.ts';
import { examActivity, gradingProgress, registrationCounts } from './admin-console.repo.ts';

export async function dashboardStats(ctx: ServiceContext, code: string) {
  const competition = await competitionByCodeOr404(ctx.db, code);
  const [byStatus, byCategory, byDivision, exam, grading] = await Promise.all([
    registrationCounts(ctx.db, competition.id, 'status'),
    registrationCounts(ctx.db, competition.id, 'category'),
    registrationCounts(ctx.db, competition.id, 'division'),
    examActivity(ctx.db, competition.id, new Date(ctx.clock.now().getTime() - 60_000)),
    gradingProgress(ctx.db, competition.id),
  ]);
  return {
    registrations: { by_status: byStatus, by_category: byCategory, by_division: byDivision },
    exam,
    grading,
  };
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

export const toAdminUser = (user: UserRow) => ({
  id: user.id,
  name: user.name,
  email: user.email,
  phone_number: user.phoneNumber,
  role: user.role,
  created_at: toDhakaIso(user.createdAt),
});

export async function findUsers(ctx: ServiceContext, q: string | undefined, page: number, perPage: number) {
  const { rows, total } = await searchUsers(ctx.db, q, page, perPage);
  return { data: rows.map(toAdminUser), meta: { page, per_page: perPage, total } };
}

async function existingUser(ctx: ServiceContext, id: string) {
  const user = isUuid(id) ? await findUserById(ctx.db, id) : undefined;
  if (!user) throw new AppError(404, 'user.notFound');
  return user;
}

/** Changes a role; the user's sessions end, so the new rights (and session lifetime) apply at once. */
export async function changeRole(ctx: ServiceContext, admin: UserRow, id: string, role: UserRow['role']) {
  const user = await existingUser(ctx, id);
  if (user.id === admin.id && role !== 'admin') throw new AppError(409, 'user.ownRole');
  await ctx.db.transaction(async (tx) => {
    await updateUserRole(tx, user.id, role, ctx.clock.now());
    await deleteSessionsOfUser(tx, user.id);
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'user.role',
      targetType: 'user',
      targetId: user.id,
      before: { role: user.role },
      after: { role },
      at: ctx.clock.now(),
    });
  });
  return toAdminUser({ ...user, role });
}

export async function endSessions(ctx: ServiceContext, admin: UserRow, id: string) {
  const user = await existingUser(ctx, id);
  await ctx.db.transaction(async (tx) => {
    await deleteSessionsOfUser(tx, user.id);
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'user.end_sessions',
      targetType: 'user',
      targetId: user.id,
      at: ctx.clock.now(),
    });
  });
}

export async function auditEntries(
  ctx: ServiceContext,
  filter: { actor?: string; action?: string },
  page: number,
  perPage: number,
) {
  const actorId = filter.actor && isUuid(filter.actor) ? filter.actor : undefined;
  if (filter.actor && !actorId) return { data: [], meta: { page, per_page: perPage, total: 0 } };
  const { rows, total } = await listAudit(ctx.db, { actorId, action: filter.action }, page, perPage);
  return {
    data: rows.map(({ entry, actorEmail }) => ({
      id: entry.id,
      actor_id: entry.actorId,
      actor_email: actorEmail,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      before: entry.before,
      after: entry.after,
      created_at: toDhakaIso(entry.createdAt),
    })),
    meta: { page, per_page: perPage, total },
  };
}

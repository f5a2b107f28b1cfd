import { AppError } from '../../lib/app-error.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { isUuid } from '../../lib/ids.ts';
import { toDhakaIso } from '../../lib/time.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { emailVerified } from '../auth/email-verification.ts';
import {
  deleteSessionsOfUser,
  findUserById,
  isSecondFactorLocked,
  searchUsers,
  type UserRow,
  updateUserRole,
} from '../auth/public.ts';

export const toAdminUser = (user: UserRow, twoFactorLocked: boolean) => ({
  id: user.id,
  name: user.name,
  email: user.email,
  phone_number: user.phoneNumber,
  role: user.role,
  email_verified: emailVerified(user),
  two_factor: user.totpEnabledAt !== null,
  two_factor_locked: twoFactorLocked,
  created_at: toDhakaIso(user.createdAt),
});

export async function findUsers(ctx: ServiceContext, q: string | undefined, page: number, perPage: number) {
  const { rows, total } = await searchUsers(ctx.db, q, page, perPage);
  return {
    data: rows.map((row) => toAdminUser(row.user, row.twoFactorLocked)),
    meta: { page, per_page: perPage, total },
  };
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
  // Staff rights go only to a proven address of someone already staff (grader to admin); anyone else is
  // invited (auth/staff-invitations.ts), never promoted because they hold the address. Taking rights away is free.
  const promotion = role !== 'student' && role !== user.role;
  if (promotion && (user.role === 'student' || !emailVerified(user))) {
    throw new AppError(409, 'user.inviteStaff');
  }
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
  return toAdminUser({ ...user, role }, await isSecondFactorLocked(ctx.db, user.id));
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

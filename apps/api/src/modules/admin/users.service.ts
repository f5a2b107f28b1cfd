import type { ServiceContext } from '../../lib/context.ts';
import { toDhakaIso } from '../../lib/time.ts';
import { emailVerified } from '../auth/email-verification.ts';
import { changeUserRole, isSecondFactorLocked, searchUsers, type UserRow } from '../auth/public.ts';

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

/** Changes a role (auth's `changeUserRole`: the user's sessions end; audited), answered as the console shows it. */
export async function changeRole(ctx: ServiceContext, admin: UserRow, id: string, role: UserRow['role']) {
  const user = await changeUserRole(ctx, admin, id, role);
  return toAdminUser(user, await isSecondFactorLocked(ctx.db, user.id));
}

import { AppError } from '../../lib/app-error.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { isUuid } from '../../lib/ids.ts';
import { changeAccountAccess } from './account-access.ts';
import { findUserById, updateUserRole } from './auth.repo.ts';
import { emailVerified } from './email-verification.ts';
import type { UserRow } from './user.ts';

/** The account an admin acts on in the users console; 404 when there is none. */
async function existingUser(ctx: ServiceContext, id: string) {
  const user = isUuid(id) ? await findUserById(ctx.db, id) : undefined;
  if (!user) throw new AppError(404, 'user.notFound');
  return user;
}

/**
 * An admin changes a user's role; the user's sessions end, so the new rights (and session lifetime) apply
 * at once. Audited. Answers the user with the new role.
 */
export async function changeUserRole(
  ctx: ServiceContext,
  admin: UserRow,
  id: string,
  role: UserRow['role'],
): Promise<UserRow> {
  const user = await existingUser(ctx, id);
  if (user.id === admin.id && role !== 'admin') throw new AppError(409, 'user.ownRole');
  // Staff rights go only to a proven address of someone already staff (grader to admin); anyone else is
  // invited (staff-invitations.ts), never promoted because they hold the address. Taking rights away is free.
  const promotion = role !== 'student' && role !== user.role;
  if (promotion && (user.role === 'student' || !emailVerified(user))) {
    throw new AppError(409, 'user.inviteStaff');
  }
  await changeAccountAccess(ctx, {
    userId: user.id,
    audit: {
      actorId: admin.id,
      action: 'user.role',
      before: { role: user.role },
      after: { role },
      at: ctx.clock.now(),
    },
    change: (tx) => updateUserRole(tx, user.id, role, ctx.clock.now()),
  });
  return { ...user, role };
}

/** An admin ends every session of a user. Audited. */
export async function endSessionsOfUser(ctx: ServiceContext, admin: UserRow, id: string) {
  const user = await existingUser(ctx, id);
  await changeAccountAccess(ctx, {
    userId: user.id,
    audit: { actorId: admin.id, action: 'user.end_sessions', at: ctx.clock.now() },
  });
}

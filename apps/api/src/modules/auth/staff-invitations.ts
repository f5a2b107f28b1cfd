import type { Language } from '@ngso/shared/language';
import type { AcceptInvitationSchema, InviteStaffSchema, StaffInvitation } from '@ngso/shared/schemas/auth';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { isUuid } from '../../lib/ids.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { toDhakaIso } from '../../lib/time.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { staffInvitationMail } from '../../mail/templates.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { assertAcceptablePassword } from './acceptable-password.ts';
import { deleteSessionsOfUser, findUserByEmail, insertUser, type UserRow, updateUser } from './auth.repo.ts';
import { startSession } from './sessions.ts';
import {
  consumeInvitation,
  findPendingInvitation,
  insertStaffInvitation,
  listPendingInvitations,
  revokeInvitation,
  revokeInvitationsOf,
  type StaffInvitationRow,
} from './staff-invitations.repo.ts';

/**
 * Staff are made by an invitation mailed to the address, never by promoting whoever holds it: accepting
 * through the link proves the address, sets a new password (a password chosen by someone who registered the
 * address first is gone) and ends every other session of the account.
 */
export const INVITATION_DAYS = 7;

const RANK: Record<UserRow['role'], number> = { student: 0, grader: 1, admin: 2 };

const toInvitation = (row: StaffInvitationRow): StaffInvitation => ({
  id: row.id,
  email: row.email,
  role: row.role,
  invited_by: row.invitedBy,
  created_at: toDhakaIso(row.createdAt),
  expires_at: toDhakaIso(row.expiresAt),
});

/** An admin invites an address as grader or admin; an earlier pending invitation of the address is withdrawn. */
export async function inviteStaff(
  ctx: ServiceContext,
  admin: UserRow,
  input: z.output<typeof InviteStaffSchema>,
  language: Language,
) {
  const existing = await findUserByEmail(ctx.db, input.email);
  if (existing && RANK[existing.role] >= RANK[input.role]) throw new AppError(409, 'invitation.alreadyStaff');
  const now = ctx.clock.now();
  const token = newToken();
  const link = new URL('/accept-invitation', ctx.config.BASE_URL);
  link.searchParams.set('token', token);
  const row = await ctx.withMail(async (tx, queueMail) => {
    await revokeInvitationsOf(tx, input.email, now);
    const invitation = await insertStaffInvitation(tx, {
      tokenHash: hashToken(token),
      email: input.email,
      role: input.role,
      invitedBy: admin.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + INVITATION_DAYS * 24 * 60 * 60_000),
    });
    // The mail speaks the account's language when the address has one, else the inviting admin's.
    const to = { email: input.email, language: existing?.language ?? language };
    await queueMail(staffInvitationMail(to, input.role, link.toString(), INVITATION_DAYS));
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'staff.invite',
      targetType: 'invitation',
      targetId: invitation.id,
      after: { email: input.email, role: input.role },
      at: now,
    });
    return invitation;
  });
  return toInvitation(row);
}

export async function pendingInvitations(ctx: ServiceContext) {
  return (await listPendingInvitations(ctx.db, ctx.clock.now())).map(toInvitation);
}

export async function withdrawInvitation(ctx: ServiceContext, admin: UserRow, id: string) {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const row = isUuid(id) ? await revokeInvitation(tx, id, now) : undefined;
    if (!row) throw new AppError(404, 'invitation.notFound');
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'staff.invitation.withdraw',
      targetType: 'invitation',
      targetId: row.id,
      before: { email: row.email, role: row.role },
      at: now,
    });
  });
}

/**
 * Accepts an invitation through its link: the account of the address (made now if there is none) gets the
 * name and password given, the role, a proven address, and this device's session; every other session of
 * it ends. An admin invited as grader stays admin.
 */
export async function acceptInvitation(
  ctx: ServiceContext,
  input: z.output<typeof AcceptInvitationSchema>,
  client: { ip: string; userAgent?: string },
) {
  await ctx.limits.consume({ resetPerIp: client.ip });
  const now = ctx.clock.now();
  const tokenHash = hashToken(input.token);
  // The password is checked before the link is used, so a refused one leaves the link working.
  assertAcceptablePassword(input.password, { name: input.name });
  // The token is checked before the password is hashed: a bogus link costs one lookup, not an argon2 hash.
  if (!(await findPendingInvitation(ctx.db, tokenHash, now))) throw new AppError(400, 'invitation.invalid');
  const passwordHash = await hashPassword(input.password);
  return ctx.db.transaction(async (tx) => {
    const invitation = await consumeInvitation(tx, tokenHash, now);
    if (!invitation) throw new AppError(400, 'invitation.invalid');
    const existing = await findUserByEmail(tx, invitation.email);
    const role = existing && RANK[existing.role] > RANK[invitation.role] ? existing.role : invitation.role;
    let user: UserRow;
    if (existing) {
      const updated = await updateUser(tx, existing.id, {
        name: input.name,
        passwordHash,
        role,
        emailVerifiedAt: now,
        updatedAt: now,
      });
      if (!updated) throw new AppError(400, 'invitation.invalid');
      user = updated;
      await deleteSessionsOfUser(tx, user.id);
    } else {
      const inserted = await insertUser(tx, {
        name: input.name,
        email: invitation.email,
        passwordHash,
        role,
        emailVerifiedAt: now,
        createdAt: now,
        updatedAt: now,
      });
      if (!inserted) throw new AppError(409, 'email.taken');
      user = inserted;
    }
    await recordAudit(tx, {
      actorId: user.id,
      action: 'staff.invitation.accept',
      targetType: 'user',
      targetId: user.id,
      before: existing ? { role: existing.role } : null,
      after: { role, invitation: invitation.id },
      at: now,
    });
    const session = await startSession(tx, user, now, client.userAgent);
    return { user, session };
  });
}

import type { MessageKey } from '@ngso/shared/messages/en';
import type { ChangePasswordSchema, OwnSession } from '@ngso/shared/schemas/account';
import type { z } from 'zod';
import { newPasswordProblem } from '../../checks/password-rules.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { toDhakaIso } from '../../lib/time.ts';
import { passwordChangedMail } from '../../mail/templates.ts';
import {
  deleteOtherSessionsOfUser,
  deleteSessionOfUser,
  listSessionsOfUser,
  updateUserPassword,
} from './auth.repo.ts';
import { forgotPasswordUrl } from './forgot-password-link.ts';
import { type Auth, sessionAlive, sessionPublicId } from './sessions.ts';
import { deviceOf } from './user-agent.ts';

/**
 * A signed-in change of the password (OWASP ASVS 5.0 V6.2.3). The current password is a login in all but
 * name, so it goes through the account's login back-off: a stolen session cannot be used to guess it faster
 * than the login form could (a wrong one counts as a failed login, a right one ends the run of failures).
 * The new password meets the rules of register and reset. On success: a new argon2id hash, every other
 * session of the account ends (this one stays), and a mail tells the owner, in their language.
 */
export async function changePassword(
  ctx: ServiceContext,
  auth: Auth,
  input: z.output<typeof ChangePasswordSchema>,
) {
  const { user } = auth;
  await ctx.limits.login.begin(user.email);
  const currentRight = await verifyPassword(user.passwordHash, input.current_password);
  if (currentRight) await ctx.limits.login.succeeded(user.email);
  // Both fields' problems at once, so the form shows everything to correct in one go.
  const fieldErrors: Record<string, MessageKey[]> = {};
  if (!currentRight) fieldErrors.current_password = ['password.currentWrong'];
  const problem = newPasswordProblem(input.password, { name: user.name, email: user.email });
  if (problem) fieldErrors.password = [problem];
  if (Object.keys(fieldErrors).length > 0) throw new AppError(422, 'validation.failed', { fieldErrors });

  const now = ctx.clock.now();
  const passwordHash = await hashPassword(input.password);
  await ctx.withMail(async (tx, queueMail) => {
    await updateUserPassword(tx, user.id, passwordHash, now);
    await deleteOtherSessionsOfUser(tx, user.id, auth.tokenHash);
    await queueMail(passwordChangedMail(user, forgotPasswordUrl(ctx.config.BASE_URL)));
  });
}

/** The user's sessions that are still alive, this one first, then the most recently active (V7.5.2). */
export async function listOwnSessions(ctx: ServiceContext, auth: Auth): Promise<OwnSession[]> {
  const now = ctx.clock.now();
  const rows = await listSessionsOfUser(ctx.db, auth.user.id);
  return rows
    .filter((row) => sessionAlive(row, auth.user.role, now))
    .sort(
      (a, b) =>
        Number(b.tokenHash === auth.tokenHash) - Number(a.tokenHash === auth.tokenHash) ||
        b.lastSeenAt.getTime() - a.lastSeenAt.getTime(),
    )
    .map((row) => ({
      id: sessionPublicId(row.tokenHash),
      current: row.tokenHash === auth.tokenHash,
      created_at: toDhakaIso(row.createdAt),
      last_seen_at: toDhakaIso(row.lastSeenAt),
      device: deviceOf(row.userAgent),
    }));
}

/**
 * Ends one of the user's own sessions by its identifier; answers whether it was the caller's own. An
 * identifier of another user's session is not found, exactly as an unknown one.
 */
export async function endOwnSession(ctx: ServiceContext, auth: Auth, id: string) {
  const rows = await listSessionsOfUser(ctx.db, auth.user.id);
  const row = rows.find((candidate) => sessionPublicId(candidate.tokenHash) === id);
  if (!row || !(await deleteSessionOfUser(ctx.db, auth.user.id, row.tokenHash))) {
    throw new AppError(404, 'session.notFound');
  }
  return { current: row.tokenHash === auth.tokenHash };
}

/** "Sign out everywhere else": every session of the user but this one ends; answers how many. */
export const endOtherSessions = (ctx: ServiceContext, auth: Auth) =>
  deleteOtherSessionsOfUser(ctx.db, auth.user.id, auth.tokenHash);

import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { NewMail } from '../../mail/outbox.repo.ts';
import { verifyEmailMail } from '../../mail/templates.ts';
import type { UserRow } from './auth.repo.ts';
import {
  consumeEmailVerification,
  insertEmailVerification,
  markEmailVerified,
} from './email-verification.repo.ts';

/**
 * Proven e-mail addresses. The address decides who qualified (preliminary results are keyed by it), so
 * looking up a result and registering for the final round need an address the owner has shown they read:
 * a single-use link is mailed at registration, and again on request.
 */
export const VERIFY_LINK_HOURS = 48;

/** Whether the user has proven the address the account now has. */
export const emailVerified = (user: Pick<UserRow, 'emailVerifiedAt'>) => user.emailVerifiedAt !== null;

/** 403 until the address is proven: for the calls that trust the address (results, final round, staff). */
export function assertEmailVerified(user: Pick<UserRow, 'emailVerifiedAt'>) {
  if (!emailVerified(user)) throw new AppError(403, 'email.unverified');
}

/** Makes a link for the user's address and queues its mail, in the caller's transaction. */
export async function queueVerificationLink(
  ctx: ServiceContext,
  tx: Executor,
  queueMail: (mail: NewMail) => Promise<void>,
  user: Pick<UserRow, 'id' | 'name' | 'email' | 'language'>,
) {
  const now = ctx.clock.now();
  const token = newToken();
  await insertEmailVerification(tx, {
    tokenHash: hashToken(token),
    userId: user.id,
    email: user.email,
    createdAt: now,
    expiresAt: new Date(now.getTime() + VERIFY_LINK_HOURS * 60 * 60_000),
  });
  const link = new URL('/verify-email', ctx.config.BASE_URL);
  link.searchParams.set('token', token);
  await queueMail(verifyEmailMail(user, link.toString(), VERIFY_LINK_HOURS));
}

/**
 * "Send the link again", for the signed-in owner. Counted against the same limits as forgot-password
 * (per address and per client address): a mail to an address is never free to ask for.
 */
export async function resendVerificationLink(ctx: ServiceContext, user: UserRow, ip: string) {
  if (emailVerified(user)) throw new AppError(409, 'verifyEmail.already');
  await ctx.limits.consume({ forgotPerEmail: user.email, forgotPerIp: ip });
  await ctx.withMail((tx, queueMail) => queueVerificationLink(ctx, tx, queueMail, user));
}

/**
 * Opens a mailed link: proves the address it was mailed to, if the account still has it. Works without
 * signing in (the link may be opened on another device); the token is the proof.
 */
export async function verifyEmail(ctx: ServiceContext, token: string) {
  const now = ctx.clock.now();
  const proven = await ctx.db.transaction(async (tx) => {
    const link = await consumeEmailVerification(tx, hashToken(token), now);
    return link ? markEmailVerified(tx, link.userId, link.email, now) : false;
  });
  if (!proven) throw new AppError(400, 'verifyEmail.invalid');
}

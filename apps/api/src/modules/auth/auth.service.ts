import type { LoginSchema, RegisterSchema, ResetPasswordSchema, User } from '@ngso/shared/schemas/auth';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { mediaUrl } from '../../lib/media-url.ts';
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from '../../lib/passwords.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { passwordResetMail } from '../../mail/templates.ts';
import { assertAcceptablePassword } from './acceptable-password.ts';
import {
  consumePasswordReset,
  deleteSessionsOfUser,
  endPasswordResetsOfUser,
  findLoginDevice,
  findUsablePasswordReset,
  findUserByEmail,
  findUserById,
  insertLoginDevice,
  insertPasswordReset,
  insertUser,
  type UserRow,
  updateUserLanguage,
  updateUserPassword,
} from './auth.repo.ts';
import { emailVerified, queueVerificationLink } from './email-verification.ts';
import { startSession } from './sessions.ts';

export const RESET_TOKEN_MINUTES = 60;

/** The user object of api.md: never the hash, never a token. */
export function toPublicUser(user: UserRow): User {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    number: user.phoneNumber,
    profile_image: user.profileImageId ? mediaUrl(user.profileImageId) : null,
    role: user.role,
    email_verified: emailVerified(user),
  };
}

type Client = { ip: string; userAgent?: string };

/**
 * Saves the user's language (mails and the admit card follow it; decisions.md, 'Language').
 * Returns the user as saved.
 */
export async function setLanguage(ctx: ServiceContext, user: UserRow, language: UserRow['language']) {
  if (user.language === language) return user;
  const now = ctx.clock.now();
  await updateUserLanguage(ctx.db, user.id, language, now);
  return { ...user, language, updatedAt: now };
}

export async function register(
  ctx: ServiceContext,
  input: z.output<typeof RegisterSchema>,
  client: Client,
  language: UserRow['language'] = 'en',
) {
  assertAcceptablePassword(input.password, { name: input.name, email: input.email });
  await ctx.limits.consume({ registerPerIp: client.ip });
  const now = ctx.clock.now();
  const passwordHash = await hashPassword(input.password);
  // The account and the mail of its verification link are kept together, or not at all.
  return ctx.withMail(async (tx, queueMail) => {
    const user = await insertUser(tx, {
      name: input.name,
      email: input.email,
      passwordHash,
      phoneNumber: input.phone_number,
      language,
      createdAt: now,
      updatedAt: now,
    });
    if (!user) throw new AppError(409, 'email.taken', { fieldErrors: { email: ['email.taken'] } });
    await queueVerificationLink(ctx, tx, queueMail, user);
    const session = await startSession(tx, user, now, client.userAgent);
    return { user, session };
  });
}

/** How long a device cookie that proved a good login keeps its own back-off (decision 010). */
export const LOGIN_DEVICE_DAYS = 180;
/** The oldest device cookie that still counts at `now`. */
export const loginDevicesSince = (now: Date) =>
  new Date(now.getTime() - LOGIN_DEVICE_DAYS * 24 * 60 * 60_000);

export async function login(
  ctx: ServiceContext,
  input: z.output<typeof LoginSchema>,
  client: Client & { deviceToken?: string },
) {
  await ctx.limits.consume({ loginPerIp: client.ip });
  const now = ctx.clock.now();
  const since = loginDevicesSince(now);
  const deviceHash = client.deviceToken ? hashToken(client.deviceToken) : undefined;
  const knownDevice =
    deviceHash && (await findLoginDevice(ctx.db, deviceHash, { email: input.email }, since))
      ? deviceHash
      : undefined;
  // While the account waits (failures in a row), 429 comes before the password is even checked; an unknown
  // e-mail waits the same way, so the answers tell nothing about which accounts exist. A device that signed
  // in to this account before waits only for its own failures.
  await ctx.limits.login.begin(input.email, knownDevice);
  const user = await findUserByEmail(ctx.db, input.email);
  const valid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!user || !valid) throw new AppError(401, 'login.invalid');
  await ctx.limits.login.succeeded(input.email, knownDevice);
  if (needsRehash(user.passwordHash)) {
    await updateUserPassword(ctx.db, user.id, await hashPassword(input.password), now);
  }
  const deviceToken = knownDevice && client.deviceToken ? client.deviceToken : newToken();
  if (!knownDevice) {
    await insertLoginDevice(ctx.db, { tokenHash: hashToken(deviceToken), userId: user.id, createdAt: now });
  }
  const session = await startSession(ctx.db, user, now, client.userAgent);
  return { user, session, device: { token: deviceToken, days: LOGIN_DEVICE_DAYS } };
}

/**
 * Counts a forgot-password request against its limits and gives back the work of sending the link, for the
 * caller to do after answering: the answer then costs the same, and comes as fast, whether or not the
 * e-mail has an account (the lookup, the link and the mail all come later).
 */
export async function requestPasswordReset(ctx: ServiceContext, email: string, client: Client) {
  await ctx.limits.consume({ forgotPerEmail: email, forgotPerIp: client.ip });
  return () => sendPasswordResetLink(ctx, email);
}

/** Makes a reset link and queues its mail through the outbox, when the e-mail has an account. */
async function sendPasswordResetLink(ctx: ServiceContext, email: string) {
  const now = ctx.clock.now();
  const token = newToken();
  const tokenHash = hashToken(token);
  const user = await findUserByEmail(ctx.db, email);
  if (!user) return;
  const link = new URL('/reset-password', ctx.config.BASE_URL);
  link.searchParams.set('token', token);
  link.searchParams.set('email', user.email);
  await ctx.withMail(async (tx, queueMail) => {
    await insertPasswordReset(tx, {
      userId: user.id,
      tokenHash,
      createdAt: now,
      expiresAt: new Date(now.getTime() + RESET_TOKEN_MINUTES * 60_000),
    });
    await queueMail(passwordResetMail(user, link.toString(), RESET_TOKEN_MINUTES));
  });
}

/** Sets the new password and ends every session of the user. */
export async function resetPassword(
  ctx: ServiceContext,
  input: z.output<typeof ResetPasswordSchema>,
  client: Client,
) {
  await ctx.limits.consume({ resetPerEmail: input.email, resetPerIp: client.ip });
  // Before the token is used: a refused password leaves the link working for a better one.
  assertAcceptablePassword(input.password, { email: input.email });
  const now = ctx.clock.now();
  const tokenHash = hashToken(input.token);
  // The token is checked before the password is hashed: a bogus reset costs one lookup, not an argon2 hash.
  if (!(await findUsablePasswordReset(ctx.db, tokenHash, input.email, now))) {
    throw new AppError(400, 'reset.invalid');
  }
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    // Consumed atomically: of two resets with one link, only one changes the password.
    const userId = await consumePasswordReset(tx, tokenHash, input.email, now);
    if (!userId) throw new AppError(400, 'reset.invalid');
    await updateUserPassword(tx, userId, passwordHash, now);
    await endPasswordResetsOfUser(tx, userId, now);
    await deleteSessionsOfUser(tx, userId);
  });
}

export async function currentUser(ctx: ServiceContext, userId: string) {
  return findUserById(ctx.db, userId);
}

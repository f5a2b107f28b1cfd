import { AppError } from '../../lib/app-error.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { waitError } from '../../lib/login-back-off.ts';
import { hashToken } from '../../lib/tokens.ts';
import { secondFactorLockedMail } from '../../mail/templates.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { UserRow } from './auth.repo.ts';
import { findLoginDevice } from './auth.repo.ts';
import { loginDevicesSince } from './auth.service.ts';
import { forgotPasswordUrl } from './forgot-password-link.ts';
import {
  countAttempt,
  endRun,
  findRun,
  lockRun,
  markDevicePassed,
  type RunKey,
} from './second-factor-runs.repo.ts';

/**
 * Wrong second-factor codes (decision 066; NIST SP 800-63B 5.2.2): a count of their own per account, kept
 * in the database, that a password sign-in never clears. Five failures in a row cost nothing, then the
 * next attempt waits 1 s, doubling to 15 minutes; the 100th failure in a row locks the run until another
 * admin unlocks it, and the owner is mailed. A device that passed the account's second factor before runs
 * a count of its own (decision 010's rule, on the code step), so whoever has the password and guesses
 * from elsewhere never holds the owner's own devices back.
 */
export const SECOND_FACTOR_LIMIT = {
  freeFailures: 5,
  firstDelayMs: 1_000,
  maxDelayMs: 15 * 60_000,
  lockAt: 100,
} as const;

/** The attempt under way: its run, and how many failures in a row it makes if its code is wrong. */
export type CodeAttempt = { run: RunKey; failures: number; deviceHash?: string };

/**
 * Counts an attempt before the code is checked: 429 with Retry-After while its run waits, 403 once it is
 * locked. `deviceToken`: the device cookie the request brought.
 */
export async function beginCodeAttempt(
  ctx: ServiceContext,
  user: UserRow,
  deviceToken: string | undefined,
): Promise<CodeAttempt> {
  const now = ctx.clock.now();
  const deviceHash = deviceToken ? hashToken(deviceToken) : undefined;
  const known =
    deviceHash &&
    (await findLoginDevice(ctx.db, deviceHash, { userId: user.id }, loginDevicesSince(now)))?.secondFactorAt;
  const run = { userId: user.id, device: known ? deviceHash : '' };
  const failures = await countAttempt(ctx.db, run, now, SECOND_FACTOR_LIMIT);
  if (failures !== undefined) return { run, failures, deviceHash };
  const held = await findRun(ctx.db, run);
  // Gone: a right code of another request ended the run just now; this one may try again in a moment.
  if (!held) throw waitError(1000);
  // Its 100th failure is being locked by the request that made it.
  if (held.lockedAt || held.failures >= SECOND_FACTOR_LIMIT.lockAt)
    throw new AppError(403, 'twoFactor.locked');
  throw waitError(held.waitUntil.getTime() - now.getTime());
}

/**
 * A wrong code. Its wait was set when the attempt was counted (a later, longer wait of another attempt is
 * never shortened here); the 100th failure locks the run, and the owner is mailed.
 */
export async function codeRefused(ctx: ServiceContext, user: UserRow, attempt: CodeAttempt) {
  const now = ctx.clock.now();
  if (attempt.failures < SECOND_FACTOR_LIMIT.lockAt) return;
  await ctx.withMail(async (tx, queueMail) => {
    if (!(await lockRun(tx, attempt.run, now))) return;
    await recordAudit(tx, {
      actorId: user.id,
      action: 'user.two_factor.locked',
      targetType: 'user',
      targetId: user.id,
      after: { failures: attempt.failures, known_device: attempt.run.device !== '' },
      at: now,
    });
    await queueMail(secondFactorLockedMail(user, forgotPasswordUrl(ctx.config.BASE_URL), attempt.failures));
  });
  throw new AppError(403, 'twoFactor.locked');
}

/** A right code ends its run; the device, if it is a login cookie of the account, is known from now on. */
export async function codeAccepted(ctx: ServiceContext, user: UserRow, attempt: CodeAttempt) {
  await endRun(ctx.db, attempt.run);
  if (attempt.deviceHash) await markDevicePassed(ctx.db, attempt.deviceHash, user.id, ctx.clock.now());
}

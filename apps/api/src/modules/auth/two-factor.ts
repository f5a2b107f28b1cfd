import { randomBytes } from 'node:crypto';
import type { TwoFactorSetup, TwoFactorState, VerifyTwoFactorSchema } from '@ngso/shared/schemas/two-factor';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { isUuid } from '../../lib/ids.ts';
import { hashToken } from '../../lib/tokens.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { changeAccountAccess } from './account-access.ts';
import { findUserById, type UserRow } from './auth.repo.ts';
import { beginCodeAttempt, codeAccepted, codeRefused } from './second-factor-limit.ts';
import { endRunsOfUser, isSecondFactorLocked } from './second-factor-runs.repo.ts';
import { type Auth, secondFactorRequired } from './sessions.ts';
import {
  clearSecondFactor,
  countUnusedRecoveryCodes,
  enableSecret,
  markSecondFactorPassed,
  setPendingSecret,
  useRecoveryCode,
  useTotpStep,
} from './two-factor.repo.ts';

/**
 * Staff's second factor (OWASP ASVS V6.3.2): a time-based one-time code (RFC 6238: SHA-1, 6 digits, 30 s,
 * one step of clock drift either way) from an authenticator app, through `otpauth`. Staff set it up at
 * their first sign-in to the console; each session passes it once; a code works once (V6.5.1); ten
 * recovery codes are shown once and kept as SHA-256. Wrong codes (and recovery codes) count in the second
 * factor's own runs of failures (second-factor-limit.ts), never in the login's.
 */
const ISSUER = 'NGSO';
const PERIOD_SECONDS = 30;
const RECOVERY_CODES = 10;

const totpOf = (secret: string, label = '') =>
  new TOTP({
    issuer: ISSUER,
    label,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
  });

/** The time step of a code valid at `now`, or undefined when the code is wrong or not newer than `after`. */
function stepOf(secret: string, code: string, now: Date, after: number | null) {
  const delta = totpOf(secret).validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return undefined;
  const step = Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta;
  return after !== null && step <= after ? undefined : step;
}

const wrongCode = () =>
  new AppError(422, 'validation.failed', { fieldErrors: { code: ['twoFactor.invalidCode'] } });

function assertStaff(user: UserRow) {
  if (!secondFactorRequired(user)) throw new AppError(403, 'twoFactor.notStaff');
}

export async function twoFactorState(ctx: ServiceContext, auth: Auth): Promise<TwoFactorState> {
  const enabled = auth.user.totpEnabledAt !== null;
  return {
    required: secondFactorRequired(auth.user),
    enabled,
    passed: auth.secondFactorPassed,
    recovery_codes_left: enabled ? await countUnusedRecoveryCodes(ctx.db, auth.user.id) : 0,
  };
}

/** Starts the set-up: a new secret, kept pending until a code of it is confirmed. */
export async function startSetup(ctx: ServiceContext, auth: Auth): Promise<TwoFactorSetup> {
  assertStaff(auth.user);
  if (auth.user.totpEnabledAt) throw new AppError(409, 'twoFactor.alreadyEnabled');
  const secret = new Secret({ size: 20 }).base32;
  await setPendingSecret(ctx.db, auth.user.id, secret);
  const otpauthUrl = totpOf(secret, auth.user.email).toString();
  const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, otpauth_url: otpauthUrl, qr_svg: qrSvg };
}

/** Ten letters a-z and 2-7, 50 bits each: `abcde-fgh23`. */
const newRecoveryCode = () => {
  const letters = 'abcdefghijklmnopqrstuvwxyz234567';
  const bytes = randomBytes(10);
  const code = Array.from(bytes, (byte) => letters[byte % 32]).join('');
  return `${code.slice(0, 5)}-${code.slice(5)}`;
};
/** Of a code without its dash (RecoveryCodeSchema drops it from what is typed). */
const recoveryHash = (code: string) => hashToken(`recovery\0${code}`);

/**
 * Confirms the set-up with a first code: the secret is on, this session has passed, every other session of
 * the account ends, and the recovery codes are answered (shown once, never again).
 */
export async function confirmSetup(ctx: ServiceContext, auth: Auth, code: string, deviceToken?: string) {
  const { user } = auth;
  assertStaff(user);
  if (user.totpEnabledAt) throw new AppError(409, 'twoFactor.alreadyEnabled');
  const secret = user.totpPendingSecret;
  if (!secret) throw new AppError(409, 'twoFactor.setupFirst');
  const attempt = await beginCodeAttempt(ctx, user, deviceToken);
  const now = ctx.clock.now();
  const step = stepOf(secret, code, now, null);
  if (step === undefined) {
    await codeRefused(ctx, user, attempt);
    throw wrongCode();
  }
  await codeAccepted(ctx, user, attempt);
  const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  await changeAccountAccess(ctx, {
    userId: user.id,
    audit: { actorId: user.id, action: 'user.two_factor.enable', at: now },
    change: async (tx) => {
      await enableSecret(tx, user.id, {
        secret,
        step,
        codeHashes: codes.map((code) => recoveryHash(code.replace('-', ''))),
        now,
      });
      await markSecondFactorPassed(tx, auth.tokenHash, now);
    },
    keepSession: auth.tokenHash,
  });
  return codes;
}

/** Passes the second factor for this session, with a code from the app or a recovery code. */
export async function verifySecondFactor(
  ctx: ServiceContext,
  auth: Auth,
  input: z.output<typeof VerifyTwoFactorSchema>,
  deviceToken?: string,
) {
  const { user } = auth;
  assertStaff(user);
  const secret = user.totpSecret;
  if (!secret) throw new AppError(409, 'twoFactor.notEnabled');
  const attempt = await beginCodeAttempt(ctx, user, deviceToken);
  const now = ctx.clock.now();
  const right = async () => {
    if ('recovery_code' in input)
      return useRecoveryCode(ctx.db, user.id, recoveryHash(input.recovery_code), now);
    const step = stepOf(secret, input.code, now, user.totpLastStep);
    return step !== undefined && (await useTotpStep(ctx.db, user.id, step));
  };
  if (!(await right())) {
    await codeRefused(ctx, user, attempt);
    throw 'code' in input
      ? wrongCode()
      : new AppError(422, 'validation.failed', {
          fieldErrors: { recovery_code: ['twoFactor.invalidRecovery'] },
        });
  }
  await codeAccepted(ctx, user, attempt);
  await markSecondFactorPassed(ctx.db, auth.tokenHash, now);
}

/** The account an admin acts on: never their own (409 with `ownMessage`), 404 when there is none. */
async function anotherUser(
  ctx: ServiceContext,
  admin: UserRow,
  id: string,
  ownMessage: 'twoFactor.ownReset' | 'twoFactor.ownUnlock',
) {
  if (id === admin.id) throw new AppError(409, ownMessage);
  const user = isUuid(id) ? await findUserById(ctx.db, id) : undefined;
  if (!user) throw new AppError(404, 'user.notFound');
  return user;
}

/** An admin resets another staff member's second factor (a lost phone): their sessions end; audited. */
export async function resetSecondFactor(ctx: ServiceContext, admin: UserRow, id: string) {
  const user = await anotherUser(ctx, admin, id, 'twoFactor.ownReset');
  const now = ctx.clock.now();
  await changeAccountAccess(ctx, {
    userId: user.id,
    audit: {
      actorId: admin.id,
      action: 'user.two_factor.reset',
      before: { enabled: user.totpEnabledAt !== null },
      after: { enabled: false },
      at: now,
    },
    change: (tx) => clearSecondFactor(tx, user.id),
  });
}

/**
 * Another admin unlocks a staff member's second factor after 100 wrong codes in a row (decision 066): every
 * run of failures of the account ends; their sessions and secret stay. Audited.
 */
export async function unlockSecondFactor(ctx: ServiceContext, admin: UserRow, id: string) {
  const user = await anotherUser(ctx, admin, id, 'twoFactor.ownUnlock');
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const locked = await isSecondFactorLocked(tx, user.id);
    await endRunsOfUser(tx, user.id);
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'user.two_factor.unlock',
      targetType: 'user',
      targetId: user.id,
      before: { locked },
      after: { locked: false },
      at: now,
    });
  });
}

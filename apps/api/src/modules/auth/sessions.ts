import { createHash } from 'node:crypto';
import type { MessageKey } from '@ngso/shared/messages/en';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { batchLoader } from '../../lib/batch-loader.ts';
import { perDatabase } from '../../lib/per-database.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import {
  deleteSession,
  findSessionsWithUsers,
  insertSession,
  type SessionRow,
  touchSession,
  type UserRow,
} from './auth.repo.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Students stay signed in for a week of inactivity (30 days at most); staff for 12 hours. */
export function sessionPolicy(role: UserRow['role']) {
  return role === 'student'
    ? { idleMs: 7 * DAY, absoluteMs: 30 * DAY }
    : { idleMs: 12 * HOUR, absoluteMs: 12 * HOUR };
}

/** lastSeenAt is written at most this often, so reading pages does not write on every request. */
const TOUCH_EVERY_MS = 5 * 60_000;

export async function startSession(db: Executor, user: UserRow, now: Date, userAgent?: string) {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + sessionPolicy(user.role).absoluteMs);
  await insertSession(db, {
    tokenHash: hashToken(token),
    userId: user.id,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
    userAgent: userAgent?.slice(0, 300),
  });
  return { token, expiresAt };
}

/** The signed-in user; `secondFactorPassed` when this session has passed staff's second factor. */
export type Auth = { user: UserRow; tokenHash: string; secondFactorPassed: boolean };

/** Staff pass a second factor in each session (two-factor.ts); students never need one. */
export const secondFactorRequired = (user: Pick<UserRow, 'role'>) => user.role !== 'student';

/**
 * 403 (`message`) for a staff session that has not passed the second factor: until it has, a staff role
 * unlocks nothing (the console, the images it shows, the account's access).
 */
export function assertPastSecondFactor(auth: Auth, message: MessageKey = 'twoFactor.required') {
  if (secondFactorRequired(auth.user) && !auth.secondFactorPassed) throw new AppError(403, message);
}

/** Whether a session of a user with this role is within its idle and absolute lifetimes at `now`. */
export function sessionAlive(
  session: Pick<SessionRow, 'createdAt' | 'lastSeenAt' | 'expiresAt'>,
  role: UserRow['role'],
  now: Date,
) {
  const policy = sessionPolicy(role);
  const idleEnd = session.lastSeenAt.getTime() + policy.idleMs;
  const absoluteEnd = Math.min(session.expiresAt.getTime(), session.createdAt.getTime() + policy.absoluteMs);
  return now.getTime() < idleEnd && now.getTime() < absoluteEnd;
}

/**
 * The identifier a user sees for one of their sessions (GET /v1/sessions): 128 bits of a SHA-256 of the
 * token's hash, with a label of its own. One way, so it gives neither the token nor the hash stored in
 * `sessions`; stable, so no column is needed. Nothing is secret here: the token's hash is already a hash of
 * 256 random bits, so the identifier cannot be guessed from anything the user does not hold.
 */
export const sessionPublicId = (tokenHash: string) =>
  createHash('sha256').update(`ngso session id\0${tokenHash}`).digest('hex').slice(0, 32);

/**
 * Finds a session and its user by the token's hash. A route may pass its own, which reads what the
 * route needs in the same query (the exam's calls read the student's registration with it).
 */
export type SessionLookup = (
  db: Executor,
  tokenHash: string,
) => Promise<{ session: SessionRow; user: UserRow } | undefined>;

/**
 * The usual lookup: the session and its user. The lookups of requests that arrive together are one
 * query (lib/batch-loader.ts): at the exam's start, a thousand requests come in the same instant.
 */
const sessionLoaderOf = perDatabase((db: Executor) =>
  batchLoader((tokenHashes: string[]) => findSessionsWithUsers(db, tokenHashes)),
);

export const findSession: SessionLookup = (db, tokenHash) => sessionLoaderOf(db)(tokenHash);

/** The session's user, or null when the token is unknown, idle too long or past its absolute expiry. */
export async function resolveSession(
  db: Executor,
  token: string,
  now: Date,
  lookup: SessionLookup = findSession,
): Promise<Auth | null> {
  const tokenHash = hashToken(token);
  const found = await lookup(db, tokenHash);
  if (!found) return null;
  const { session, user } = found;
  if (!sessionAlive(session, user.role, now)) {
    await deleteSession(db, tokenHash);
    return null;
  }
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) await touchSession(db, tokenHash, now);
  return { user, tokenHash, secondFactorPassed: Boolean(session.secondFactorAt) };
}

export const endSession = (db: Executor, token: string) => deleteSession(db, hashToken(token));

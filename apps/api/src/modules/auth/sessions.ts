import type { Executor } from '../../db/client.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import {
  deleteSession,
  findSessionWithUser,
  insertSession,
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

export type Auth = { user: UserRow; tokenHash: string };

/** The session's user, or null when the token is unknown, idle too long or past its absolute expiry. */
export async function resolveSession(db: Executor, token: string, now: Date): Promise<Auth | null> {
  const tokenHash = hashToken(token);
  const found = await findSessionWithUser(db, tokenHash);
  if (!found) return null;
  const { session, user } = found;
  const policy = sessionPolicy(user.role);
  const idleEnd = session.lastSeenAt.getTime() + policy.idleMs;
  const absoluteEnd = Math.min(session.expiresAt.getTime(), session.createdAt.getTime() + policy.absoluteMs);
  if (now.getTime() >= idleEnd || now.getTime() >= absoluteEnd) {
    await deleteSession(db, tokenHash);
    return null;
  }
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) await touchSession(db, tokenHash, now);
  return { user, tokenHash };
}

export const endSession = (db: Executor, token: string) => deleteSession(db, hashToken(token));

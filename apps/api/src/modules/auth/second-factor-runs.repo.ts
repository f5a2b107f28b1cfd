import { and, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { loginDevices, secondFactorRuns } from '../../db/schema.ts';

/** A run of wrong second-factor codes: the account's (`device` '') or a known device's. */
export type RunKey = { userId: string; device: string };

const keyOf = (run: RunKey) =>
  and(eq(secondFactorRuns.userId, run.userId), eq(secondFactorRuns.device, run.device));

/**
 * Counts an attempt of the run when it need not wait and is not locked, in one statement (of two attempts
 * at once, the second waits for the first's row and sees its wait): the failures of the run with this
 * one. Undefined when the run must wait or is locked.
 */
export async function countAttempt(db: Executor, run: RunKey, now: Date) {
  const [row] = await db
    .insert(secondFactorRuns)
    .values({ ...run, failures: 1, waitUntil: now })
    .onConflictDoUpdate({
      target: [secondFactorRuns.userId, secondFactorRuns.device],
      set: { failures: sql`${secondFactorRuns.failures} + 1` },
      setWhere: sql`${secondFactorRuns.lockedAt} is null and ${secondFactorRuns.waitUntil} <= ${now}`,
    })
    .returning({ failures: secondFactorRuns.failures });
  return row?.failures;
}

export async function findRun(db: Executor, run: RunKey) {
  const [row] = await db.select().from(secondFactorRuns).where(keyOf(run));
  return row;
}

export async function setRunWait(db: Executor, run: RunKey, waitUntil: Date) {
  await db.update(secondFactorRuns).set({ waitUntil }).where(keyOf(run));
}

/** Locks the run; answers whether this call locked it (so the owner is told once). */
export async function lockRun(db: Executor, run: RunKey, now: Date) {
  const rows = await db
    .update(secondFactorRuns)
    .set({ lockedAt: now })
    .where(and(keyOf(run), sql`${secondFactorRuns.lockedAt} is null`))
    .returning({ userId: secondFactorRuns.userId });
  return rows.length > 0;
}

/** A right code ends the run (never a password sign-in). */
export async function endRun(db: Executor, run: RunKey) {
  await db.delete(secondFactorRuns).where(keyOf(run));
}

/** An admin's unlock or reset: every run of the account goes. */
export async function endRunsOfUser(db: Executor, userId: string) {
  await db.delete(secondFactorRuns).where(eq(secondFactorRuns.userId, userId));
}

/** Whether any run of the account is locked (the console's users list). */
export const lockedSecondFactor = (userIdColumn: unknown) =>
  sql<boolean>`exists (select 1 from ${secondFactorRuns} where ${secondFactorRuns.userId} = ${userIdColumn} and ${secondFactorRuns.lockedAt} is not null)`;

export async function isSecondFactorLocked(db: Executor, userId: string) {
  const [row] = await db
    .select({ userId: secondFactorRuns.userId })
    .from(secondFactorRuns)
    .where(and(eq(secondFactorRuns.userId, userId), isNotNull(secondFactorRuns.lockedAt)))
    .limit(1);
  return row !== undefined;
}

/** A device cookie of this account, younger than `since`, that passed its second factor before. */
export async function isSecondFactorDevice(db: Executor, tokenHash: string, userId: string, since: Date) {
  const [row] = await db
    .select({ userId: loginDevices.userId })
    .from(loginDevices)
    .where(
      and(
        eq(loginDevices.tokenHash, tokenHash),
        eq(loginDevices.userId, userId),
        gt(loginDevices.createdAt, since),
        isNotNull(loginDevices.secondFactorAt),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Marks the device (a login cookie of this account) as having passed the second factor. */
export async function markDevicePassed(db: Executor, tokenHash: string, userId: string, now: Date) {
  await db
    .update(loginDevices)
    .set({ secondFactorAt: now })
    .where(and(eq(loginDevices.tokenHash, tokenHash), eq(loginDevices.userId, userId)));
}

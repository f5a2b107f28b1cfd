import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { loginDevices, secondFactorRuns, users } from '../../db/schema.ts';
import { growingDelayMs } from '../../lib/login-back-off.ts';

/** A run of wrong second-factor codes: the account's (`device` '') or a known device's. */
export type RunKey = { userId: string; device: string };

const keyOf = (run: RunKey) =>
  and(eq(secondFactorRuns.userId, run.userId), eq(secondFactorRuns.device, run.device));

/** The growing waits of a run (decision 066): none for the first failures, then doubling to a ceiling. */
export type RunRule = { freeFailures: number; firstDelayMs: number; maxDelayMs: number; lockAt: number };

/**
 * Counts an attempt of the run when it need not wait and is not locked or full, in one statement (of two
 * attempts at once, the second waits for the first's row and sees its wait): the failures of the run with
 * this one. The statement also sets the wait this attempt's failure would ask for, before its code is
 * checked, so that a burst of requests gets no more attempts than one after another would; a right code
 * ends the run and its wait. Undefined when the run must wait, is locked, or has its `lockAt` failures.
 */
export async function countAttempt(db: Executor, run: RunKey, now: Date, rule: RunRule) {
  const failures = sql`${secondFactorRuns.failures} + 1`;
  const waitMs = sql`case when ${failures} < ${rule.freeFailures}::int then 0
    else least(${rule.maxDelayMs}::int, ${rule.firstDelayMs}::int * power(2, ${failures} - ${rule.freeFailures}::int)) end`;
  const [row] = await db
    .insert(secondFactorRuns)
    .values({ ...run, failures: 1, waitUntil: new Date(now.getTime() + growingDelayMs(1, rule)) })
    .onConflictDoUpdate({
      target: [secondFactorRuns.userId, secondFactorRuns.device],
      set: {
        failures,
        waitUntil: sql`${now}::timestamptz + ${waitMs} * interval '1 millisecond'`,
      },
      setWhere: sql`${secondFactorRuns.lockedAt} is null and ${secondFactorRuns.waitUntil} <= ${now}
        and ${secondFactorRuns.failures} < ${rule.lockAt}::int`,
    })
    .returning({ failures: secondFactorRuns.failures });
  return row?.failures;
}

export async function findRun(db: Executor, run: RunKey) {
  const [row] = await db.select().from(secondFactorRuns).where(keyOf(run));
  return row;
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

/** A right code ends the run (never a password sign-in); a run locked meanwhile stays locked. */
export async function endRun(db: Executor, run: RunKey) {
  await db.delete(secondFactorRuns).where(and(keyOf(run), isNull(secondFactorRuns.lockedAt)));
}

/** An admin's unlock or reset: every run of the account goes. */
export async function endRunsOfUser(db: Executor, userId: string) {
  await db.delete(secondFactorRuns).where(eq(secondFactorRuns.userId, userId));
}

/** Whether any run of the account is locked (the console's users list). */
export const lockedSecondFactor = (userIdColumn: unknown) =>
  sql<boolean>`exists (select 1 from ${secondFactorRuns} where ${secondFactorRuns.userId} = ${userIdColumn} and ${secondFactorRuns.lockedAt} is not null)`;

/** Whether any run of this account is locked (lockedSecondFactor, for one account). */
export async function isSecondFactorLocked(db: Executor, userId: string) {
  const [row] = await db
    .select({ locked: lockedSecondFactor(users.id) })
    .from(users)
    .where(eq(users.id, userId));
  return row?.locked === true;
}

/** Marks the device (a login cookie of this account) as having passed the second factor. */
export async function markDevicePassed(db: Executor, tokenHash: string, userId: string, now: Date) {
  await db
    .update(loginDevices)
    .set({ secondFactorAt: now })
    .where(and(eq(loginDevices.tokenHash, tokenHash), eq(loginDevices.userId, userId)));
}

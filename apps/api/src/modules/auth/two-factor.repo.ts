import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { recoveryCodes, sessions, users } from '../../db/schema.ts';
import { endRunsOfUser } from './second-factor-runs.repo.ts';

export async function setPendingSecret(db: Executor, userId: string, secret: string) {
  await db.update(users).set({ totpPendingSecret: secret }).where(eq(users.id, userId));
}

/** Turns the pending secret on, with the step its first code used and a fresh set of recovery codes. */
export async function enableSecret(
  db: Executor,
  userId: string,
  values: { secret: string; step: number; codeHashes: string[]; now: Date },
) {
  await db
    .update(users)
    .set({
      totpSecret: values.secret,
      totpPendingSecret: null,
      totpEnabledAt: values.now,
      totpLastStep: values.step,
    })
    .where(eq(users.id, userId));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db
    .insert(recoveryCodes)
    .values(values.codeHashes.map((codeHash) => ({ codeHash, userId, createdAt: values.now })));
}

/**
 * Records that a code of this step was used, only if no code of this step or a later one was (atomic: of
 * two sign-ins with one code, one passes). Answers whether it was recorded.
 */
export async function useTotpStep(db: Executor, userId: string, step: number) {
  const rows = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Uses a recovery code of the user once; answers whether it was one, unused. */
export async function useRecoveryCode(db: Executor, userId: string, codeHash: string, now: Date) {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.codeHash, codeHash),
        eq(recoveryCodes.userId, userId),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ userId: recoveryCodes.userId });
  return rows.length > 0;
}

export async function countUnusedRecoveryCodes(db: Executor, userId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

export async function markSecondFactorPassed(db: Executor, tokenHash: string, now: Date) {
  await db.update(sessions).set({ secondFactorAt: now }).where(eq(sessions.tokenHash, tokenHash));
}

/** Removes the second factor (an admin's reset) and its runs of wrong codes: the next sign-in sets it up again. */
export async function clearSecondFactor(db: Executor, userId: string) {
  await db
    .update(users)
    .set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null })
    .where(eq(users.id, userId));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await endRunsOfUser(db, userId);
}

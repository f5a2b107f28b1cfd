import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { emailVerifications, users } from '../../db/schema.ts';

export async function insertEmailVerification(db: Executor, values: typeof emailVerifications.$inferInsert) {
  await db.insert(emailVerifications).values(values);
}

/**
 * Uses a verification link: marks it used, only if it is unused and unexpired, and answers its user and
 * the address it was mailed to (atomic: of two clicks on one link, one uses it).
 */
export async function consumeEmailVerification(db: Executor, tokenHash: string, now: Date) {
  const [row] = await db
    .update(emailVerifications)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailVerifications.tokenHash, tokenHash),
        isNull(emailVerifications.usedAt),
        gt(emailVerifications.expiresAt, now),
      ),
    )
    .returning({ userId: emailVerifications.userId, email: emailVerifications.email });
  return row;
}

/** Proves the user's address, only while it is still the address the link was mailed to. */
export async function markEmailVerified(db: Executor, userId: string, email: string, now: Date) {
  const proven = await db
    .update(users)
    .set({ emailVerifiedAt: now, updatedAt: now })
    .where(and(eq(users.id, userId), eq(users.email, email)))
    .returning({ id: users.id });
  return proven.length > 0;
}

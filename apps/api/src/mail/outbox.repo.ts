import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { outboxMails } from '../db/schema.ts';

export type NewMail = { to: string; subject: string; text: string; html?: string };
export type OutboxMail = typeof outboxMails.$inferSelect;

export async function enqueueMail(db: Executor, mail: NewMail, now: Date) {
  await db.insert(outboxMails).values({ ...mail, nextAttemptAt: now });
}

/** Claims due mails for one worker; concurrent workers (other processes) skip claimed rows. */
export async function claimDueMails(db: Executor, now: Date, holdMs: number, limit: number) {
  const due = db
    .select({ id: outboxMails.id })
    .from(outboxMails)
    .where(
      and(
        eq(outboxMails.status, 'pending'),
        lte(outboxMails.nextAttemptAt, now),
        or(isNull(outboxMails.lockedUntil), lt(outboxMails.lockedUntil, now)),
      ),
    )
    .orderBy(asc(outboxMails.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(outboxMails)
    .set({ lockedUntil: new Date(now.getTime() + holdMs), attempts: sql`${outboxMails.attempts} + 1` })
    .where(inArray(outboxMails.id, due))
    .returning();
}

export async function markSent(db: Executor, id: number, now: Date) {
  await db
    .update(outboxMails)
    .set({ status: 'sent', sentAt: now, lockedUntil: null, lastError: null })
    .where(eq(outboxMails.id, id));
}

export async function markFailedAttempt(db: Executor, id: number, error: string, retryAt: Date | null) {
  await db
    .update(outboxMails)
    .set({
      status: retryAt ? 'pending' : 'failed',
      nextAttemptAt: retryAt ?? undefined,
      lockedUntil: null,
      lastError: error.slice(0, 1000),
    })
    .where(eq(outboxMails.id, id));
}

export async function listMails(db: Executor) {
  return db.select().from(outboxMails).orderBy(asc(outboxMails.id));
}

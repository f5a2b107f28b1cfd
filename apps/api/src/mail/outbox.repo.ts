import { and, asc, count, eq, gt, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { outboxMails } from '../db/schema.ts';
import type { NewMail } from '../lib/context.ts';

export type { NewMail };
export type OutboxMail = typeof outboxMails.$inferSelect;

export async function enqueueMail(db: Executor, mail: NewMail, now: Date) {
  await db.insert(outboxMails).values({ ...mail, nextAttemptAt: now });
}

const dueAt = (now: Date) =>
  and(
    eq(outboxMails.status, 'pending'),
    lte(outboxMails.nextAttemptAt, now),
    or(isNull(outboxMails.lockedUntil), lt(outboxMails.lockedUntil, now)),
  );

const claim = (now: Date, holdMs: number) => ({
  lockedUntil: new Date(now.getTime() + holdMs),
  claimedAt: now,
  attempts: sql`${outboxMails.attempts} + 1`,
});

/**
 * Claims due mails for one worker; concurrent workers (other processes) skip claimed rows. Throttled mails
 * (an announcement's) are claimed by claimDueThrottledMails, within their rate.
 */
export async function claimDueMails(db: Executor, now: Date, holdMs: number, limit: number) {
  const due = db
    .select({ id: outboxMails.id })
    .from(outboxMails)
    .where(and(dueAt(now), isNull(outboxMails.throttleKey)))
    .orderBy(asc(outboxMails.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db.update(outboxMails).set(claim(now, holdMs)).where(inArray(outboxMails.id, due)).returning();
}

/** The throttles (announcements) that have mails due now, with their rates. */
export async function dueThrottles(db: Executor, now: Date) {
  return db
    .selectDistinct({ key: outboxMails.throttleKey, perMinute: outboxMails.throttlePerMinute })
    .from(outboxMails)
    .where(and(dueAt(now), isNotNull(outboxMails.throttleKey)))
    .then((rows) => rows.flatMap(({ key, perMinute }) => (key && perMinute ? [{ key, perMinute }] : [])));
}

export const THROTTLE_WINDOW_MS = 60_000;

/**
 * Claims due mails of one throttle, at most as many as its rate leaves in the last 60 s: the mails claimed
 * for an attempt in that window count (sent, failed or in flight), so a worker that was stopped or
 * behind sends no burst when it catches up. The count and the claim hold a transaction-wide lock on the
 * throttle, so two workers (processes) together keep the rate too.
 */
export async function claimDueThrottledMails(
  db: Executor,
  throttle: { key: string; perMinute: number },
  now: Date,
  holdMs: number,
  limit: number,
) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`outbox-throttle:${throttle.key}`}))`);
    const [recent] = await tx
      .select({ n: count() })
      .from(outboxMails)
      .where(
        and(
          eq(outboxMails.throttleKey, throttle.key),
          gt(outboxMails.claimedAt, new Date(now.getTime() - THROTTLE_WINDOW_MS)),
        ),
      );
    const allowed = Math.min(limit, throttle.perMinute - (recent?.n ?? 0));
    if (allowed <= 0) return [];
    const due = tx
      .select({ id: outboxMails.id })
      .from(outboxMails)
      .where(and(dueAt(now), eq(outboxMails.throttleKey, throttle.key)))
      .orderBy(asc(outboxMails.nextAttemptAt), asc(outboxMails.id))
      .limit(allowed)
      .for('update', { skipLocked: true });
    return tx.update(outboxMails).set(claim(now, holdMs)).where(inArray(outboxMails.id, due)).returning();
  });
}

/** A mail sent; one rendered at send time (decision 068) keeps what was sent. */
export async function markSent(db: Executor, id: number, now: Date, rendered?: NewMail) {
  await db
    .update(outboxMails)
    .set({
      status: 'sent',
      sentAt: now,
      lockedUntil: null,
      lastError: null,
      ...(rendered ? { to: rendered.to, subject: rendered.subject, text: rendered.text } : {}),
    })
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

/** Mails not sent yet (pending), the announcements' (throttled) apart from the others, for the metrics. */
export async function waitingMails(db: Executor) {
  const rows = await db
    .select({ announcement: isNotNull(outboxMails.throttleKey), n: count() })
    .from(outboxMails)
    .where(eq(outboxMails.status, 'pending'))
    .groupBy(isNotNull(outboxMails.throttleKey));
  return {
    announcements: Number(rows.find((row) => row.announcement)?.n ?? 0),
    others: Number(rows.find((row) => !row.announcement)?.n ?? 0),
  };
}

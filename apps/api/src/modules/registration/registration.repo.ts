import { and, count, desc, eq, ilike, inArray, isNotNull, isNull, ne, notExists, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { paymentMatches, registrations, rollCounters, users } from '../../db/schema.ts';
import { escapeLike } from '../../lib/escape-like.ts';

export type RegistrationRow = typeof registrations.$inferSelect;
export type RegistrationValues = typeof registrations.$inferInsert;

export async function findRegistrationOfUser(db: Executor, competitionId: string, userId: string) {
  const [row] = await db
    .select()
    .from(registrations)
    .where(and(eq(registrations.competitionId, competitionId), eq(registrations.userId, userId)))
    .limit(1);
  return row;
}

export async function findRegistrationById(db: Executor, id: string) {
  const [row] = await db.select().from(registrations).where(eq(registrations.id, id)).limit(1);
  return row;
}

/**
 * Whether a registration other than `exceptId` holds this transaction ID, or was ever served by a statement
 * line with it (it keeps that line even after changing its own transaction ID).
 */
export async function transactionIdTaken(db: Executor, transactionId: string, exceptId?: string) {
  const [row] = await db
    .select({ id: registrations.id })
    .from(registrations)
    .where(eq(registrations.transactionId, transactionId))
    .limit(1);
  if (row !== undefined && row.id !== exceptId) return true;
  const [served] = await db
    .select({ registrationId: paymentMatches.registrationId })
    .from(paymentMatches)
    .where(eq(paymentMatches.transactionId, transactionId))
    .limit(1);
  return served !== undefined && served.registrationId !== exceptId;
}

export async function insertRegistration(db: Executor, values: RegistrationValues) {
  const [row] = await db.insert(registrations).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateRegistration(db: Executor, id: string, values: Partial<RegistrationValues>) {
  const [row] = await db.update(registrations).set(values).where(eq(registrations.id, id)).returning();
  if (!row) throw new Error('registration vanished during update');
  return row;
}

/** The next roll number of a category: atomic, so two approvals at once never share one. */
export async function nextRollSequence(db: Executor, competitionId: string, category: string) {
  const [row] = await db
    .insert(rollCounters)
    .values({ competitionId, category, last: 1 })
    .onConflictDoUpdate({
      target: [rollCounters.competitionId, rollCounters.category],
      set: { last: sql`${rollCounters.last} + 1` },
    })
    .returning({ last: rollCounters.last });
  if (!row) throw new Error('roll counter not updated');
  return row.last;
}

export type RegistrationFilter = {
  competitionId: string;
  status?: RegistrationRow['status'];
  category?: string;
  division?: string;
  q?: string;
  payment?: 'matched' | 'unmatched';
};

function registrationsWhere(filter: RegistrationFilter) {
  const conditions = [eq(registrations.competitionId, filter.competitionId)];
  if (filter.status) conditions.push(eq(registrations.status, filter.status));
  if (filter.category) conditions.push(eq(registrations.category, filter.category));
  if (filter.division) conditions.push(eq(registrations.division, filter.division));
  if (filter.payment === 'matched') conditions.push(isNotNull(registrations.paymentMatchedAt));
  if (filter.payment === 'unmatched') conditions.push(isNull(registrations.paymentMatchedAt));
  if (filter.q) {
    const like = `%${escapeLike(filter.q)}%`;
    const search = or(
      ilike(registrations.name, like),
      ilike(users.email, like),
      ilike(users.phoneNumber, like),
      ilike(registrations.transactionId, like),
    );
    if (search) conditions.push(search);
  }
  return and(...conditions);
}

/** The matching registrations with their account's e-mail and phone, newest first; every one without a page. */
function registrationRows(db: Executor, filter: RegistrationFilter, page?: { number: number; size: number }) {
  const query = db
    .select({ registration: registrations, email: users.email, phoneNumber: users.phoneNumber })
    .from(registrations)
    .innerJoin(users, eq(users.id, registrations.userId))
    .where(registrationsWhere(filter))
    .orderBy(desc(registrations.registeredAt), registrations.id);
  return page ? query.limit(page.size).offset((page.number - 1) * page.size) : query;
}

/** Organisers' list: filtered, searched (name, e-mail, phone, transaction ID) and paged on the server. */
export async function listRegistrations(
  db: Executor,
  filter: RegistrationFilter,
  page: number,
  perPage: number,
) {
  const [rows, [total]] = await Promise.all([
    registrationRows(db, filter, { number: page, size: perPage }),
    db
      .select({ total: count() })
      .from(registrations)
      .innerJoin(users, eq(users.id, registrations.userId))
      .where(registrationsWhere(filter)),
  ]);
  return { rows, total: total?.total ?? 0 };
}

/** Every matching registration at once, for the CSV export (one query, not a page at a time). */
export function allRegistrations(db: Executor, filter: RegistrationFilter) {
  return registrationRows(db, filter);
}

/** The registrations of a competition with these transaction IDs (stored upper-case). */
export async function findRegistrationsByTransactionIds(
  db: Executor,
  competitionId: string,
  transactionIds: string[],
) {
  if (transactionIds.length === 0) return [];
  return db
    .select()
    .from(registrations)
    .where(
      and(
        eq(registrations.competitionId, competitionId),
        inArray(registrations.transactionId, transactionIds),
      ),
    );
}

/**
 * Marks pending registrations as matched by a payment statement (one statement, one amount) and records
 * each statement line as serving its registration for good; returns the ids marked. A line that already
 * served another registration marks nothing. Call it in a transaction.
 */
export async function markPaymentsMatched(db: Executor, ids: string[], amount: number, at: Date) {
  if (ids.length === 0) return [];
  const servedElsewhere = db
    .select({ one: sql`1` })
    .from(paymentMatches)
    .where(
      and(
        eq(paymentMatches.transactionId, registrations.transactionId),
        ne(paymentMatches.registrationId, registrations.id),
      ),
    );
  const rows = await db
    .update(registrations)
    .set({ paymentMatchedAt: at, paymentMatchedAmount: amount })
    .where(
      and(inArray(registrations.id, ids), eq(registrations.status, 'pending'), notExists(servedElsewhere)),
    )
    .returning({ id: registrations.id, transactionId: registrations.transactionId });
  if (rows.length > 0) {
    await db
      .insert(paymentMatches)
      .values(
        rows.map((row) => ({
          transactionId: row.transactionId,
          registrationId: row.id,
          amount,
          matchedAt: at,
        })),
      )
      .onConflictDoNothing();
  }
  return rows.map((row) => row.id);
}

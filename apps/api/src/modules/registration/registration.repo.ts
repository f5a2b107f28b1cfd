import { and, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { registrations, rollCounters, users } from '../../db/schema.ts';
import { escapeLike } from '../auth/auth.repo.ts';

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

export async function findRegistrationByCode(db: Executor, verificationCode: string) {
  const [row] = await db
    .select()
    .from(registrations)
    .where(eq(registrations.verificationCode, verificationCode))
    .limit(1);
  return row;
}

export async function transactionIdTaken(db: Executor, transactionId: string, exceptId?: string) {
  const [row] = await db
    .select({ id: registrations.id })
    .from(registrations)
    .where(eq(registrations.transactionId, transactionId))
    .limit(1);
  return row !== undefined && row.id !== exceptId;
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
};

/** Organisers' list: filtered, searched (name, e-mail, phone, transaction ID) and paged on the server. */
export async function listRegistrations(
  db: Executor,
  filter: RegistrationFilter,
  page: number,
  perPage: number,
) {
  const conditions = [eq(registrations.competitionId, filter.competitionId)];
  if (filter.status) conditions.push(eq(registrations.status, filter.status));
  if (filter.category) conditions.push(eq(registrations.category, filter.category));
  if (filter.division) conditions.push(eq(registrations.division, filter.division));
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
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({ registration: registrations, email: users.email, phoneNumber: users.phoneNumber })
      .from(registrations)
      .innerJoin(users, eq(users.id, registrations.userId))
      .where(where)
      .orderBy(desc(registrations.registeredAt))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db
      .select({ total: count() })
      .from(registrations)
      .innerJoin(users, eq(users.id, registrations.userId))
      .where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}

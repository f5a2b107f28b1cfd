import { and, asc, count, eq, isNull, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { checkIns, registrations, users } from '../../db/schema.ts';

/** A registration found by its admit card's code, with its check-in and the name of who made it. */
export async function findEntrantByCode(db: Executor, verificationCode: string) {
  const [row] = await db
    .select({
      registration: registrations,
      checkedInAt: checkIns.checkedInAt,
      checkedInBy: users.name,
    })
    .from(registrations)
    .leftJoin(checkIns, eq(checkIns.registrationId, registrations.id))
    .leftJoin(users, eq(users.id, checkIns.checkedInBy))
    .where(eq(registrations.verificationCode, verificationCode))
    .limit(1);
  return row;
}

/** Records an arrival once: undefined when the registration was checked in already. */
export async function insertCheckIn(db: Executor, registrationId: string, staffId: string, at: Date) {
  const [row] = await db
    .insert(checkIns)
    .values({ registrationId, checkedInBy: staffId, checkedInAt: at })
    .onConflictDoNothing()
    .returning();
  return row;
}

const approvedIn = (competitionId: string) =>
  and(eq(registrations.competitionId, competitionId), eq(registrations.status, 'approved'));

/** Approved entrants of a competition per category and pick-up spot, and how many of them have arrived. */
export function arrivalCounts(db: Executor, competitionId: string) {
  return db
    .select({
      category: registrations.category,
      pickupSpot: registrations.pickupSpot,
      expected: count(),
      arrived: count(checkIns.registrationId),
    })
    .from(registrations)
    .leftJoin(checkIns, eq(checkIns.registrationId, registrations.id))
    .where(approvedIn(competitionId))
    .groupBy(registrations.category, registrations.pickupSpot)
    .orderBy(asc(registrations.category), asc(registrations.pickupSpot));
}

export type NotArrivedFilter = { competitionId: string; category?: string; pickupSpot?: string };

function notArrivedWhere(filter: NotArrivedFilter) {
  const conditions: SQL[] = [isNull(checkIns.registrationId)];
  if (filter.category) conditions.push(eq(registrations.category, filter.category));
  if (filter.pickupSpot) conditions.push(eq(registrations.pickupSpot, filter.pickupSpot));
  return and(approvedIn(filter.competitionId), ...conditions);
}

/** Approved entrants not checked in yet, a page at a time, by category, pick-up spot and roll number. */
export async function listNotArrived(
  db: Executor,
  filter: NotArrivedFilter,
  page: { number: number; size: number },
) {
  const rows = await db
    .select({ registration: registrations, phoneNumber: users.phoneNumber })
    .from(registrations)
    .innerJoin(users, eq(users.id, registrations.userId))
    .leftJoin(checkIns, eq(checkIns.registrationId, registrations.id))
    .where(notArrivedWhere(filter))
    .orderBy(asc(registrations.category), asc(registrations.pickupSpot), asc(registrations.rollNumber))
    .limit(page.size)
    .offset((page.number - 1) * page.size);
  const [total] = await db
    .select({ total: count() })
    .from(registrations)
    .leftJoin(checkIns, eq(checkIns.registrationId, registrations.id))
    .where(notArrivedWhere(filter));
  return { rows, total: total?.total ?? 0 };
}

import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { staffInvitations } from '../../db/schema.ts';

export type StaffInvitationRow = typeof staffInvitations.$inferSelect;

/** Unaccepted, not withdrawn and not expired. */
const pending = (now: Date) =>
  and(
    isNull(staffInvitations.acceptedAt),
    isNull(staffInvitations.revokedAt),
    gt(staffInvitations.expiresAt, now),
  );

export async function insertStaffInvitation(db: Executor, values: typeof staffInvitations.$inferInsert) {
  const [row] = await db.insert(staffInvitations).values(values).returning();
  return row as StaffInvitationRow;
}

export async function listPendingInvitations(db: Executor, now: Date) {
  return db.select().from(staffInvitations).where(pending(now)).orderBy(asc(staffInvitations.createdAt));
}

/** Withdraws the pending invitations of an address (a new one replaces them); answers how many. */
export async function revokeInvitationsOf(db: Executor, email: string, now: Date) {
  const rows = await db
    .update(staffInvitations)
    .set({ revokedAt: now })
    .where(and(sql`lower(${staffInvitations.email}) = ${email.toLowerCase()}`, pending(now)))
    .returning({ id: staffInvitations.id });
  return rows.length;
}

/** Withdraws one pending invitation; answers it, or undefined when none was pending with this id. */
export async function revokeInvitation(db: Executor, id: string, now: Date) {
  const [row] = await db
    .update(staffInvitations)
    .set({ revokedAt: now })
    .where(and(eq(staffInvitations.id, id), pending(now)))
    .returning();
  return row;
}

/** The invitation of a token while it can still be accepted, or undefined (a read: nothing is used). */
export async function findPendingInvitation(db: Executor, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ id: staffInvitations.id })
    .from(staffInvitations)
    .where(and(eq(staffInvitations.tokenHash, tokenHash), pending(now)))
    .limit(1);
  return row;
}

/** Accepts an invitation by its token, atomically (a link works once); answers it, or undefined. */
export async function consumeInvitation(db: Executor, tokenHash: string, now: Date) {
  const [row] = await db
    .update(staffInvitations)
    .set({ acceptedAt: now })
    .where(and(eq(staffInvitations.tokenHash, tokenHash), pending(now)))
    .returning();
  return row;
}

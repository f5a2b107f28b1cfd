import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { loginDevices, passwordResets, sessions, users } from '../../db/schema.ts';
import { escapeLike } from '../../lib/escape-like.ts';
import { perDatabase } from '../../lib/per-database.ts';
import { lockedSecondFactor } from './second-factor-runs.repo.ts';

import type { UserRow } from './user.ts';

export type { UserRow };
export type SessionRow = typeof sessions.$inferSelect;

export async function findUserByEmail(db: Executor, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row;
}

export async function findUserById(db: Executor, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Every staff account (graders and admins), by name: whom work can be given to. */
export function findStaff(db: Executor) {
  return db
    .select({ id: users.id, name: users.name, role: users.role })
    .from(users)
    .where(inArray(users.role, ['grader', 'admin']))
    .orderBy(asc(users.name));
}

/** Returns undefined when the e-mail is taken (the unique index decides, so a race cannot make two). */
export async function insertUser(db: Executor, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateUserPassword(db: Executor, userId: string, passwordHash: string, now: Date) {
  await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
}

export async function updateUserLanguage(
  db: Executor,
  userId: string,
  language: UserRow['language'],
  now: Date,
) {
  await db.update(users).set({ language, updatedAt: now }).where(eq(users.id, userId));
}

/** Changes account fields in one statement (an accepted invitation, an operator's admin); the row as saved. */
export async function updateUser(db: Executor, userId: string, values: Partial<typeof users.$inferInsert>) {
  const [row] = await db.update(users).set(values).where(eq(users.id, userId)).returning();
  return row;
}

export async function updateUserRole(db: Executor, userId: string, role: UserRow['role'], now: Date) {
  await db.update(users).set({ role, updatedAt: now }).where(eq(users.id, userId));
}

export async function insertSession(db: Executor, values: typeof sessions.$inferInsert) {
  await db.insert(sessions).values(values);
}

const sessionsWithUsersOf = perDatabase((db: Executor) =>
  db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(sql`${sessions.tokenHash} = any(${sql.placeholder('tokenHashes')})`)
    .prepare('sessions_with_users'),
);

/**
 * Sessions with their users by token hash, for many lookups at once (sessions.ts batches them). Every
 * request that carries a session asks this, so the query is built once per database and is a named
 * prepared statement: PostgreSQL parses and plans it once per connection, Drizzle never builds it again.
 */
export async function findSessionsWithUsers(db: Executor, tokenHashes: string[]) {
  const rows = await sessionsWithUsersOf(db).execute({ tokenHashes });
  return new Map(rows.map((row) => [row.session.tokenHash, row]));
}

export async function touchSession(db: Executor, tokenHash: string, now: Date) {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteSession(db: Executor, tokenHash: string) {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

/** Ends every session of a user, but the one named (if any). */
export async function deleteSessionsOfUser(db: Executor, userId: string, keepTokenHash?: string) {
  await db
    .delete(sessions)
    .where(
      keepTokenHash
        ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepTokenHash))
        : eq(sessions.userId, userId),
    );
}

/** Every session row of a user (the caller decides which are still alive). */
export async function listSessionsOfUser(db: Executor, userId: string) {
  return db.select().from(sessions).where(eq(sessions.userId, userId));
}

/** Ends one session, only if it is the user's; answers whether one ended. */
export async function deleteSessionOfUser(db: Executor, userId: string, tokenHash: string) {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.tokenHash, tokenHash)))
    .returning({ userId: sessions.userId });
  return ended.length > 0;
}

/** Ends every session of a user but the one named; answers how many ended. */
export async function deleteOtherSessionsOfUser(db: Executor, userId: string, keepTokenHash: string) {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepTokenHash)))
    .returning({ userId: sessions.userId });
  return ended.length;
}

/**
 * A device cookie (its hash) that proved a good login since `since` of the account named by its e-mail or
 * its id, with when it passed the account's second factor (null: never); nothing when there is none.
 */
export async function findLoginDevice(
  db: Executor,
  tokenHash: string,
  account: { email: string } | { userId: string },
  since: Date,
) {
  const [row] = await db
    .select({ userId: loginDevices.userId, secondFactorAt: loginDevices.secondFactorAt })
    .from(loginDevices)
    .innerJoin(users, eq(users.id, loginDevices.userId))
    .where(
      and(
        eq(loginDevices.tokenHash, tokenHash),
        gt(loginDevices.createdAt, since),
        'email' in account
          ? sql`lower(${users.email}) = ${account.email.toLowerCase()}`
          : eq(loginDevices.userId, account.userId),
      ),
    )
    .limit(1);
  return row;
}

export async function insertLoginDevice(db: Executor, values: typeof loginDevices.$inferInsert) {
  await db.insert(loginDevices).values(values).onConflictDoNothing();
}

export async function insertPasswordReset(db: Executor, values: typeof passwordResets.$inferInsert) {
  await db.insert(passwordResets).values(values);
}

/** A reset token that is unused, unexpired and the e-mail's, without using it. */
const usableReset = (tokenHash: string, email: string, now: Date) =>
  and(
    eq(passwordResets.tokenHash, tokenHash),
    isNull(passwordResets.usedAt),
    gt(passwordResets.expiresAt, now),
    sql`${passwordResets.userId} = (select id from ${users} where lower(${users.email}) = ${email.toLowerCase()})`,
  );

/** Whether a reset token could be used now (it is not marked used). */
export async function findUsablePasswordReset(db: Executor, tokenHash: string, email: string, now: Date) {
  const [row] = await db
    .select({ userId: passwordResets.userId })
    .from(passwordResets)
    .where(usableReset(tokenHash, email, now))
    .limit(1);
  return row?.userId;
}

/** Ends every reset link of a user that is still unused (after a reset, the others must not work). */
export async function endPasswordResetsOfUser(db: Executor, userId: string, now: Date) {
  await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

/** Marks a reset token used, only if it is unused, unexpired and the e-mail's; returns its user id. */
export async function consumePasswordReset(db: Executor, tokenHash: string, email: string, now: Date) {
  const [row] = await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(usableReset(tokenHash, email, now))
    .returning({ userId: passwordResets.userId });
  return row?.userId;
}

export async function searchUsers(db: Executor, q: string | undefined, page: number, perPage: number) {
  const where = q
    ? or(
        ilike(users.email, `%${escapeLike(q)}%`),
        ilike(users.name, `%${escapeLike(q)}%`),
        ilike(users.phoneNumber, `%${escapeLike(q)}%`),
      )
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ user: users, twoFactorLocked: lockedSecondFactor(users.id) })
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}

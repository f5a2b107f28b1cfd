import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { users } from '../db/schema.ts';
import {
  findUserByEmail,
  insertUser,
  updateUserPassword,
  updateUserRole,
} from '../modules/auth/auth.repo.ts';
import { isCommonPassword, isContextPassword } from '../modules/auth/common-passwords.ts';
import { hashPassword } from './passwords.ts';

function assertAdminPassword(email: string, password: string) {
  if (isCommonPassword(password) || isContextPassword(password, { email })) {
    throw new Error(
      "This password is one of the most common passwords, or only the site's or the e-mail's name. Please choose another one.",
    );
  }
}

async function insertAdmin(db: Executor, email: string, password: string, now: Date) {
  await insertUser(db, {
    name: 'Administrator',
    email,
    passwordHash: await hashPassword(password),
    role: 'admin',
    createdAt: now,
    updatedAt: now,
  });
}

/**
 * `npm run admin:create`, an operator's deliberate act: creates the admin account, or makes an existing
 * account admin with the given password.
 */
export async function ensureAdmin(db: Executor, email: string, password: string, now: Date) {
  assertAdminPassword(email, password);
  const normalised = email.trim().toLowerCase();
  const existing = await findUserByEmail(db, normalised);
  if (existing) {
    await updateUserPassword(db, existing.id, await hashPassword(password), now);
    await updateUserRole(db, existing.id, 'admin', now);
    return { created: false };
  }
  await insertAdmin(db, normalised, password, now);
  return { created: true };
}

export type FirstAdminOutcome = 'created' | 'admin-exists' | 'address-taken';

/**
 * ADMIN_EMAIL and ADMIN_PASSWORD at start-up: the first admin, created only while there is no admin at all.
 * Every later start leaves accounts alone: it never sets a password (a restart would undo a change made since)
 * and never promotes an account that holds the address (whoever registered it first would become admin).
 */
export async function createFirstAdmin(
  db: Executor,
  email: string,
  password: string,
  now: Date,
): Promise<FirstAdminOutcome> {
  assertAdminPassword(email, password);
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  if (admin) return 'admin-exists';
  const normalised = email.trim().toLowerCase();
  if (await findUserByEmail(db, normalised)) return 'address-taken';
  await insertAdmin(db, normalised, password, now);
  return 'created';
}

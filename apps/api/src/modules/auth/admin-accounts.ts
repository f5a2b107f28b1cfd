import { eq } from 'drizzle-orm';
import { newPasswordProblem } from '../../checks/password-rules.ts';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { translate } from '../../lib/messages.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { deleteSessionsOfUser, findUserByEmail, insertUser, updateUser } from './auth.repo.ts';
import { clearSecondFactor } from './two-factor.repo.ts';

/**
 * An operator's admin (the command line and ADMIN_EMAIL at start-up): the same password rules as every
 * account's (length, common passwords, the site's and the address's words), said in a sentence for a terminal.
 */
function assertAdminPassword(email: string, password: string) {
  const problem = newPasswordProblem(password, { email });
  if (problem) throw new Error(translate(problem));
}

/** The operator's deliberate act proves the address: an admin made so needs no verification link. */
async function insertAdmin(db: Executor, email: string, password: string, now: Date) {
  await insertUser(db, {
    name: 'Administrator',
    email,
    passwordHash: await hashPassword(password),
    role: 'admin',
    emailVerifiedAt: now,
    createdAt: now,
    updatedAt: now,
  });
}

/**
 * `npm run admin:create`, an operator's deliberate act: creates the admin account, or makes an existing
 * account admin with the given password (its second factor and sessions reset).
 */
export async function ensureAdmin(db: Executor, email: string, password: string, now: Date) {
  assertAdminPassword(email, password);
  const normalised = email.trim().toLowerCase();
  const existing = await findUserByEmail(db, normalised);
  if (existing) {
    const passwordHash = await hashPassword(password);
    await updateUser(db, existing.id, { passwordHash, role: 'admin', emailVerifiedAt: now, updatedAt: now });
    // The operator's way back in for an admin who lost both password and phone: the second factor is set
    // up again at the next sign-in, and the account's sessions end.
    await clearSecondFactor(db, existing.id);
    await deleteSessionsOfUser(db, existing.id);
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

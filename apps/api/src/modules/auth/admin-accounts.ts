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

/** What an operator's tool gives of an account it makes: the user's fields, with the password in clear. */
export type OperatorAccount = Omit<
  typeof users.$inferInsert,
  'passwordHash' | 'emailVerifiedAt' | 'createdAt' | 'updatedAt'
> & { password: string };

/**
 * An account made by an operator's tool (the first admin, the demo's accounts): the operator's deliberate act
 * proves the address, so it needs no verification link. Answers the row; nothing when the address is taken.
 */
export async function createAccountByOperator(db: Executor, account: OperatorAccount, now: Date) {
  const { password, ...fields } = account;
  return insertUser(db, {
    ...fields,
    passwordHash: await hashPassword(password),
    emailVerifiedAt: now,
    createdAt: now,
    updatedAt: now,
  });
}

const insertAdmin = (db: Executor, email: string, password: string, now: Date) =>
  createAccountByOperator(db, { name: 'Administrator', email, password, role: 'admin' }, now);

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

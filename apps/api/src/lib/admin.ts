import type { Executor } from '../db/client.ts';
import {
  findUserByEmail,
  insertUser,
  updateUserPassword,
  updateUserRole,
} from '../modules/auth/auth.repo.ts';
import { isCommonPassword, isContextPassword } from '../modules/auth/common-passwords.ts';
import { hashPassword } from './passwords.ts';

/** Creates the admin account, or makes an existing account admin with the given password. */
export async function ensureAdmin(db: Executor, email: string, password: string, now: Date) {
  if (isCommonPassword(password) || isContextPassword(password, { email })) {
    throw new Error(
      "This password is one of the most common passwords, or only the site's or the e-mail's name. Please choose another one.",
    );
  }
  const normalised = email.trim().toLowerCase();
  const passwordHash = await hashPassword(password);
  const existing = await findUserByEmail(db, normalised);
  if (existing) {
    await updateUserPassword(db, existing.id, passwordHash, now);
    await updateUserRole(db, existing.id, 'admin', now);
    return { created: false };
  }
  await insertUser(db, {
    name: 'Administrator',
    email: normalised,
    passwordHash,
    role: 'admin',
    createdAt: now,
    updatedAt: now,
  });
  return { created: true };
}

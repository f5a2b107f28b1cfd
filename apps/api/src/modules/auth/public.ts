/**
 * What other modules read of the users and their second factor (decision 070): they import this
 * file, never the module's repositories.
 */

export {
  deleteSessionsOfUser,
  findStaff,
  findUserByEmail,
  findUserById,
  insertUser,
  searchUsers,
  updateUserRole,
} from './auth.repo.ts';
export { isSecondFactorLocked } from './second-factor-runs.repo.ts';
export type { UserRow } from './user.ts';

/**
 * What other modules may use of the auth module (decision 070): reads of the users and their second factor,
 * and the operations named for what they do; never the module's repositories or a table's write.
 */

export { findStaff, findUserByEmail, findUserById, searchUsers } from './auth.repo.ts';
export { isSecondFactorLocked } from './second-factor-runs.repo.ts';
export type { UserRow } from './user.ts';
export { changeUserRole, endSessionsOfUser } from './user-access.service.ts';

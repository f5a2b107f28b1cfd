/**
 * What other modules read of the registrations (decision 070): they import this
 * file, never the module's repositories.
 */
export { findRegistrationOfUser } from './registration.repo.ts';

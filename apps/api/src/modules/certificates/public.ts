/**
 * What other modules read of the certificates (decision 070): they import this
 * file, never the module's repositories.
 */
export { findRegistrationByAnyCode } from './certificates.repo.ts';

/**
 * What other modules read of the preliminary round's results (decision 070): they import this
 * file, never the module's repositories.
 */
export { findPreliminaryResult } from './preliminary.repo.ts';

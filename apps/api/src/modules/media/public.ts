/**
 * What other modules read of the stored files (decision 070): they import this
 * file, never the module's repositories.
 */
export { findMedia, pendingMediaIds } from './media.repo.ts';

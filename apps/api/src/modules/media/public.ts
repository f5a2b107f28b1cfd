/**
 * What other modules read of the stored files (decision 070): they import this
 * file, never the module's repositories. `mediaInsertWithinQuota` writes a received file's row inside a
 * statement of the caller's (an answer photo's delivery links it to its commitment in the same statement).
 */
export {
  findMedia,
  MEDIA_QUOTA,
  mediaInsertWithinQuota,
  type NewMediaRow,
  pendingMediaIds,
} from './media.repo.ts';

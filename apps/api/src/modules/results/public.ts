/**
 * What other modules read of the marks and the publications (decision 070): they import this
 * file, never the module's repositories.
 */
export {
  findMark,
  findPublication,
  lockCategoryResults,
  lockCategoryResultsShared,
  writeMark,
} from './results.repo.ts';

/**
 * What other modules read of the competitions (decision 070): they import this
 * file, never the module's repositories.
 */

export type { CompetitionRow } from './competition.ts';
export { findCompetitionByCode, findCompetitionById, findFinalRoundDetails } from './competitions.repo.ts';

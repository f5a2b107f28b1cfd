import type { competitions } from '../../db/schema.ts';

/** A competition as stored: what other modules are handed (the competitions module owns the table). */
export type CompetitionRow = typeof competitions.$inferSelect;

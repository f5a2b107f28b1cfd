import { boolean, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { categoryEnum, instant } from './columns.ts';
import { belongsToCompetition } from './competitions.ts';

// The preliminary module's table: the online round's imported results.

/** The preliminary (online selection) round's results, imported by organisers from CSV. */
export const preliminaryResults = pgTable(
  'preliminary_results',
  {
    competitionId: belongsToCompetition(),
    /** Stored lower-case. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    category: text('category', categoryEnum).notNull(),
    score: integer('score').notNull(),
    total: integer('total').notNull(),
    qualified: boolean('qualified').notNull(),
    importedAt: instant('imported_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.competitionId, t.email] })],
);

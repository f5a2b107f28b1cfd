import { pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { categoryEnum, instant } from './columns.ts';
import { belongsToCompetition } from './competitions.ts';

// The results module's table: when a category's results were published.

/** When a category's results were published (and by whom). */
export const resultPublications = pgTable(
  'result_publications',
  {
    competitionId: belongsToCompetition(),
    category: text('category', categoryEnum).notNull(),
    publishedAt: instant('published_at').notNull(),
    publishedBy: uuid('published_by').references(() => users.id),
  },
  (t) => [primaryKey({ columns: [t.competitionId, t.category] })],
);

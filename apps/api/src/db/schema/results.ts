import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { categoryEnum } from './columns.ts';
import { competitions } from './competitions.ts';

// The results module's table: when a category's results were published.

/** When a category's results were published (and by whom). */
export const resultPublications = pgTable(
  'result_publications',
  {
    competitionId: uuid('competition_id')
      .notNull()
      .references(() => competitions.id, { onDelete: 'cascade' }),
    category: text('category', categoryEnum).notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    publishedBy: uuid('published_by').references(() => users.id),
  },
  (t) => [primaryKey({ columns: [t.competitionId, t.category] })],
);

import { boolean, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { categoryEnum } from './columns.ts';
import { competitions } from './competitions.ts';

// The preliminary module's table: the online round's imported results.

/** The preliminary (online selection) round's results, imported by organisers from CSV. */
export const preliminaryResults = pgTable(
  'preliminary_results',
  {
    competitionId: uuid('competition_id')
      .notNull()
      .references(() => competitions.id, { onDelete: 'cascade' }),
    /** Stored lower-case. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    category: text('category', categoryEnum).notNull(),
    score: integer('score').notNull(),
    total: integer('total').notNull(),
    qualified: boolean('qualified').notNull(),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.competitionId, t.email] })],
);

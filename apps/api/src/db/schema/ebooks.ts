import { integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, generatedId } from './columns.ts';
import { belongsToCompetition } from './competitions.ts';

// The e-books module's tables.

export const ebooks = pgTable('ebooks', {
  id: generatedId(),
  competitionId: belongsToCompetition(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  position: integer('position').notNull().default(0),
  /** An uploaded cover image; without one, page 1 is the thumbnail. */
  thumbnailKey: text('thumbnail_key'),
  createdAt: createdAt(),
});

/** An e-book's page images, in order; page 1 doubles as the thumbnail. Served to approved registrants only. */
export const ebookPages = pgTable(
  'ebook_pages',
  {
    ebookId: uuid('ebook_id')
      .notNull()
      .references(() => ebooks.id, { onDelete: 'cascade' }),
    page: integer('page').notNull(),
    storageKey: text('storage_key').notNull(),
    sha256: text('sha256').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.ebookId, t.page] })],
);

import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, generatedId } from './columns.ts';

// The tutorials module's table.

/**
 * The home page's tutorial videos, set by organisers in the console: a title in English and in Bangla, the
 * video's address (http or https) and a thumbnail made on the server from an uploaded image (null until one
 * is uploaded; the public page shows a tutorial once it has one). Not tied to a competition: site content.
 */
export const tutorials = pgTable(
  'tutorials',
  {
    id: generatedId(),
    position: integer('position').notNull(),
    titleEn: text('title_en').notNull(),
    titleBn: text('title_bn').notNull(),
    videoUrl: text('video_url').notNull(),
    thumbnailKey: text('thumbnail_key'),
    createdAt: createdAt(),
  },
  (t) => [index('tutorials_position_idx').on(t.position)],
);

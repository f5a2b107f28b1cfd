import { boolean, foreignKey, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { categoryEnum, generatedId, instant } from './columns.ts';
import { belongsToCompetition } from './competitions.ts';
import { answerPhotos } from './exam.ts';

// The look-alikes module's table: answer photos of two finalists that look alike.

/**
 * Two finalists' answer photos that look alike (fingerprints within the threshold) or are the same file
 * (docs/decisions/065-answers-that-look-alike.md): found as photos are processed, for organisers to dismiss
 * or refer with a note. `first` is the photo indexed first. Nothing is decided from it automatically.
 */
export const lookAlikes = pgTable(
  'look_alikes',
  {
    id: generatedId(),
    competitionId: belongsToCompetition(),
    category: text('category', categoryEnum).notNull(),
    firstUserId: uuid('first_user_id').notNull(),
    firstSha256: text('first_sha256').notNull(),
    secondUserId: uuid('second_user_id').notNull(),
    secondSha256: text('second_sha256').notNull(),
    distance: integer('distance').notNull(),
    sameFile: boolean('same_file').notNull(),
    status: text('status', { enum: ['open', 'dismissed', 'referred'] })
      .notNull()
      .default('open'),
    note: text('note'),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: instant('decided_at'),
    foundAt: instant('found_at').notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'look_alikes_first_photo_fk',
      columns: [t.firstUserId, t.firstSha256],
      foreignColumns: [answerPhotos.userId, answerPhotos.sha256],
    }).onDelete('cascade'),
    foreignKey({
      name: 'look_alikes_second_photo_fk',
      columns: [t.secondUserId, t.secondSha256],
      foreignColumns: [answerPhotos.userId, answerPhotos.sha256],
    }).onDelete('cascade'),
    uniqueIndex('look_alikes_pair_idx').on(t.firstUserId, t.firstSha256, t.secondUserId, t.secondSha256),
    index('look_alikes_category_idx').on(t.competitionId, t.category, t.status),
  ],
);

import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { belongsToUser, users } from './auth.ts';
import { generatedId, instant } from './columns.ts';
import { competitions } from './competitions.ts';

// The announcements module's tables: notices and their recipients.

/**
 * A notice organisers send to a segment of students (decision 032): both languages, the segment as chosen,
 * the rate its mails go out at. Its recipients are written when it is sent, with their mails.
 */
export const announcements = pgTable(
  'announcements',
  {
    id: generatedId(),
    competitionId: uuid('competition_id')
      .notNull()
      .references(() => competitions.id),
    titleEn: text('title_en').notNull(),
    titleBn: text('title_bn').notNull(),
    bodyEn: text('body_en').notNull(),
    bodyBn: text('body_bn').notNull(),
    /** The segment as the organiser chose it ({ kind: 'everyone' }, { kind: 'category', category } …). */
    segment: jsonb('segment').$type<Record<string, string>>().notNull(),
    ratePerMinute: integer('rate_per_minute').notNull(),
    recipientCount: integer('recipient_count').notNull(),
    sentBy: uuid('sent_by').references(() => users.id),
    sentAt: instant('sent_at').notNull().defaultNow(),
  },
  (t) => [index('announcements_sent_idx').on(t.sentAt)],
);

/** One row per recipient of a notice, with the mail that carries it; read when the student marks it. */
export const announcementRecipients = pgTable(
  'announcement_recipients',
  {
    announcementId: uuid('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    userId: belongsToUser(),
    /** The outbox row of this recipient's mail (its status is the delivery's). */
    mailId: bigint('mail_id', { mode: 'number' }).notNull(),
    readAt: instant('read_at'),
  },
  (t) => [
    primaryKey({ columns: [t.announcementId, t.userId] }),
    index('announcement_recipients_user_idx').on(t.userId, t.readAt),
    uniqueIndex('announcement_recipients_mail_idx').on(t.mailId),
  ],
);

import { bigserial, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, instant } from './columns.ts';

// The mail outbox's table.

/** Mails are written here in the transaction that causes them and sent by the mail worker. */
export const outboxMails = pgTable(
  'outbox_mails',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at').notNull().defaultNow(),
    /** A worker that claims a mail holds it until this time; another worker may then take it over. */
    lockedUntil: instant('locked_until'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: instant('sent_at'),
    /**
     * Mails of one throttle (an announcement's id) are handed to the mail server at most
     * `throttlePerMinute` in any 60 s (decision 032); null for every other mail.
     */
    throttleKey: text('throttle_key'),
    throttlePerMinute: integer('throttle_per_minute'),
    /** When a worker last claimed the mail for an attempt: what the throttle counts. */
    claimedAt: instant('claimed_at'),
    /**
     * A mail written before its text is (decision 068): the template the mail worker renders it with when it
     * sends it, from `about`; its subject and text are written then (empty until). Null: written whole.
     */
    renderAs: text('render_as', { enum: ['examSubmitted'] }),
    about: jsonb('about'),
    /** A mail written at most once has a key of its own (e.g. `exam-submitted:<competition>:<user>`). */
    onceKey: text('once_key'),
  },
  (t) => [
    index('outbox_mails_due_idx').on(t.status, t.nextAttemptAt),
    index('outbox_mails_throttle_idx').on(t.throttleKey, t.claimedAt),
    uniqueIndex('outbox_mails_once_key_idx').on(t.onceKey),
  ],
);

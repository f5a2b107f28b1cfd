import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { generatedId, instant } from './columns.ts';
import { belongsToCompetition, competitions } from './competitions.ts';
import { answerKey } from './exam.ts';

// The rechecks module's tables.

/** A competition's re-checks after publication: how long they are open, how many questions each, the fee. */
export const recheckSettings = pgTable('recheck_settings', {
  competitionId: uuid('competition_id')
    .primaryKey()
    .references(() => competitions.id, { onDelete: 'cascade' }),
  windowDays: integer('window_days').notNull().default(7),
  maxQuestions: integer('max_questions').notNull().default(2),
  feeBdt: integer('fee_bdt').notNull().default(0),
});

/**
 * A student's request to grade one answer again after publication (an appeal): assigned to a grader other
 * than the one who marked it, who grades it blind to that mark; the outcome keeps or changes the mark.
 */
export const rechecks = pgTable(
  'rechecks',
  {
    id: generatedId(),
    competitionId: belongsToCompetition(),
    ...answerKey(),
    reason: text('reason').notNull(),
    /** The fee's payment, when the competition asks one. */
    feeTransactionId: text('fee_transaction_id'),
    status: text('status', { enum: ['requested', 'assigned', 'decided'] })
      .notNull()
      .default('requested'),
    requestedAt: instant('requested_at').notNull(),
    marksBefore: integer('marks_before').notNull(),
    graderId: uuid('grader_id').references(() => users.id, { onDelete: 'set null' }),
    assignedAt: instant('assigned_at'),
    marksAfter: integer('marks_after'),
    outcome: text('outcome', { enum: ['kept', 'changed'] }),
    outcomeNote: text('outcome_note'),
    decidedAt: instant('decided_at'),
  },
  (t) => [
    uniqueIndex('rechecks_one_per_answer_idx').on(t.userId, t.questionId),
    index('rechecks_queue_idx').on(t.competitionId, t.status),
  ],
);

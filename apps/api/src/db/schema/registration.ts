import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { categoryEnum, generatedId, instant } from './columns.ts';
import { belongsToCompetition, competitions } from './competitions.ts';

// The registration module's tables: registrations, payments' matches, roll numbers.

export const registrations = pgTable(
  'registrations',
  {
    id: generatedId(),
    competitionId: uuid('competition_id')
      .notNull()
      .references(() => competitions.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    category: text('category', categoryEnum).notNull(),
    classLevel: integer('class').notNull(),
    name: text('name').notNull(),
    institution: text('institution').notNull(),
    division: text('division').notNull(),
    district: text('district').notNull(),
    subDistrict: text('sub_district').notNull(),
    guardianName: text('guardian_name').notNull(),
    guardianPhone: text('guardian_phone').notNull(),
    tshirtSize: text('tshirt_size').notNull(),
    pickupSpot: text('pickup_spot').notNull(),
    paymentMethod: text('payment_method', { enum: ['bkash', 'nagad', 'rocket'] }).notNull(),
    paymentSender: text('payment_sender').notNull(),
    /** Stored upper-case; a transaction ID can be used once across all registrations. */
    transactionId: text('transaction_id').notNull().unique(),
    rollNumber: text('roll_number').unique(),
    verificationCode: text('verification_code').unique(),
    /**
     * The certificate's code (docs/decisions/033-certificates.md): 128 random bits (the hex of a version 4
     * UUID without its dashes, 122 of them random) made by the database for every registration, existing
     * ones too; /verify/<code> answers for it only once the category's results are published.
     */
    certificateCode: text('certificate_code')
      .notNull()
      .unique()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    rejectionReason: text('rejection_reason'),
    /** Set when a payment provider's statement showed this transaction with the right amount. */
    paymentMatchedAt: instant('payment_matched_at'),
    paymentMatchedAmount: integer('payment_matched_amount'),
    registeredAt: instant('registered_at').notNull().defaultNow(),
    decidedAt: instant('decided_at'),
    decidedBy: uuid('decided_by').references(() => users.id),
  },
  (t) => [
    uniqueIndex('registrations_one_per_account_idx').on(t.competitionId, t.userId),
    index('registrations_status_idx').on(t.competitionId, t.status, t.category),
  ],
);

/**
 * The payment statement lines that matched a registration. A transaction ID serves one registration, ever:
 * it stays here after that registration changes its own transaction ID, so no one else can use it again.
 */
export const paymentMatches = pgTable('payment_matches', {
  transactionId: text('transaction_id').primaryKey(),
  registrationId: uuid('registration_id')
    .notNull()
    .references(() => registrations.id, { onDelete: 'cascade' }),
  amount: integer('amount').notNull(),
  matchedAt: instant('matched_at').notNull(),
});

/** The last roll number given per competition and category; incremented atomically at approval. */
export const rollCounters = pgTable(
  'roll_counters',
  {
    competitionId: belongsToCompetition(),
    category: text('category', categoryEnum).notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.competitionId, t.category] })],
);

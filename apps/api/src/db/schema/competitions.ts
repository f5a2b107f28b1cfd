import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { categoryEnum, createdAt, generatedId } from './columns.ts';

// The competitions module's tables: competitions and the final round's details.

/** A competition is data: next year's is a new row, not new code (decisions.md). */
export const competitions = pgTable('competitions', {
  id: generatedId(),
  /** The path segment of the spec's calls, e.g. ngso-1. */
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  feeBdt: integer('fee_bdt').notNull(),
  /** The categories this competition runs, in the order the console shows them. */
  categories: jsonb('categories')
    .$type<Array<'junior' | 'senior' | 'secondary'>>()
    .notNull()
    .default(sql`'["junior","senior","secondary"]'::jsonb`),
  /** Award bands by rank, applied to each category's standings; ties share the band of their rank. */
  awardBands: jsonb('award_bands')
    .$type<{ gold_up_to: number; silver_up_to: number; bronze_up_to: number; prize_up_to: number }>()
    .notNull()
    .default(sql`'{"gold_up_to":1,"silver_up_to":2,"bronze_up_to":3,"prize_up_to":50}'::jsonb`),
  /** A category's own award bands, where organisers set them; the others follow `awardBands`. */
  categoryAwardBands: jsonb('category_award_bands')
    .$type<
      Partial<
        Record<
          'junior' | 'senior' | 'secondary',
          { gold_up_to: number; silver_up_to: number; bronze_up_to: number; prize_up_to: number }
        >
      >
    >()
    .notNull()
    .default(sql`'{}'::jsonb`),
  createdAt: createdAt(),
});

/** A row of one competition's: removed with the competition. */
export const belongsToCompetition = () =>
  uuid('competition_id')
    .notNull()
    .references(() => competitions.id, { onDelete: 'cascade' });

/** The in-person final round's details per category: what `exam_details` and the admit card show. */
export const finalRoundDetails = pgTable(
  'final_round_details',
  {
    competitionId: belongsToCompetition(),
    category: text('category', categoryEnum).notNull(),
    date: text('date'),
    reportingTime: text('reporting_time'),
    time: text('time'),
    venue: text('venue'),
    influencerSession: text('influencer_session'),
    departure: text('departure'),
  },
  (t) => [primaryKey({ columns: [t.competitionId, t.category] })],
);

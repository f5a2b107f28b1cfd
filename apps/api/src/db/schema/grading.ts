import { index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { belongsToUser, users } from './auth.ts';
import { generatedId, instant } from './columns.ts';
import { answerKey, belongsToQuestion, questions } from './exam.ts';

// The grading module's tables: marks, rubrics, claims, second marking.

/**
 * Marks for one answer (one student, one question). A grader's marks and an admin's override are both
 * kept; the override counts when present.
 */
export const marks = pgTable(
  'marks',
  {
    ...answerKey(),
    graderMarks: integer('grader_marks'),
    graderComment: text('grader_comment'),
    graderId: uuid('grader_id').references(() => users.id),
    gradedAt: instant('graded_at'),
    overrideMarks: integer('override_marks'),
    overrideComment: text('override_comment'),
    overrideBy: uuid('override_by').references(() => users.id),
    overriddenAt: instant('overridden_at'),
    /**
     * The rubric behind the grader's marks, or the override's, when one was used (decision 037): the items
     * ticked and a free adjustment. Changing an item's points recomputes every mark that ticked it.
     */
    graderRubric: jsonb('grader_rubric').$type<RubricChoice>(),
    overrideRubric: jsonb('override_rubric').$type<RubricChoice>(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.questionId] })],
);

/** The rubric items a grader ticked for an answer, and a free adjustment (with the mark's comment). */
export type RubricChoice = { items: string[]; adjustment: number };

/**
 * A question's rubric, written by organisers: short items with points (positive or negative). A grader
 * ticks items; the mark is their sum plus an adjustment, from 0 to the question's marks.
 */
export const rubricItems = pgTable(
  'rubric_items',
  {
    id: generatedId(),
    questionId: belongsToQuestion(),
    position: integer('position').notNull(),
    text: text('text').notNull(),
    points: integer('points').notNull(),
  },
  (t) => [index('rubric_items_question_idx').on(t.questionId, t.position)],
);

/**
 * A grader's hold on one answer while they grade it (docs/decisions/037-grading-as-a-team.md): one row per
 * answer, taken by an atomic insert-or-take-over-if-expired, renewed by the grading page's heartbeat and
 * removed when the marks are saved or the grader leaves. An expired row is free for anyone to take.
 */
export const gradingClaims = pgTable(
  'grading_claims',
  {
    ...answerKey(),
    graderId: belongsToUser('grader_id'),
    claimedAt: instant('claimed_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.questionId] }),
    index('grading_claims_question_idx').on(t.questionId, t.expiresAt),
  ],
);

/**
 * Second marking of a question (docs/decisions/037-grading-as-a-team.md, "Second marking"), set by
 * organisers: the share of graded answers drawn for a blind second mark, the tolerance in marks beyond which
 * the two marks disagree, and a margin around the award cut-offs (0: off) within which every answer is drawn.
 */
export const secondMarking = pgTable('second_marking', {
  questionId: uuid('question_id')
    .primaryKey()
    .references(() => questions.id, { onDelete: 'cascade' }),
  samplePercent: integer('sample_percent').notNull().default(0),
  tolerance: integer('tolerance').notNull().default(1),
  nearCutoff: integer('near_cutoff').notNull().default(0),
  updatedBy: uuid('updated_by').references(() => users.id),
  updatedAt: instant('updated_at').notNull(),
});

/**
 * A blind second mark of one answer, kept apart from the first (`marks`), never replacing it. The row is
 * first the second grader's hold (`marks` null, `claimed_until`), then their mark; `settled_at` is set when
 * an admin settled a disagreement (by an override in `marks`).
 */
export const secondMarks = pgTable(
  'second_marks',
  {
    ...answerKey(),
    graderId: belongsToUser('grader_id'),
    marks: integer('marks'),
    rubric: jsonb('rubric').$type<RubricChoice>(),
    comment: text('comment'),
    claimedUntil: instant('claimed_until').notNull(),
    gradedAt: instant('graded_at'),
    settledBy: uuid('settled_by').references(() => users.id),
    settledAt: instant('settled_at'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.questionId] }),
    index('second_marks_question_idx').on(t.questionId),
  ],
);

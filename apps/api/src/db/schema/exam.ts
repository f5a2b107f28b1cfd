import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { belongsToUser, users } from './auth.ts';
import { categoryEnum, createdAt, generatedId, instant } from './columns.ts';
import { belongsToCompetition } from './competitions.ts';
import { media } from './media.ts';

// The exam module's tables: exams, questions and their diagrams, attempts, answers and their photos.

/** One online exam per competition and category; the window is decided on the server. */
export const exams = pgTable(
  'exams',
  {
    competitionId: belongsToCompetition(),
    category: text('category', categoryEnum).notNull(),
    startsAt: instant('starts_at').notNull(),
    endsAt: instant('ends_at').notNull(),
    /**
     * The AES-256-GCM key of this exam's question paper (base64), made when the paper first goes out.
     * Pages download the paper encrypted before the start and receive this key at the start.
     */
    paperKey: text('paper_key'),
  },
  (t) => [primaryKey({ columns: [t.competitionId, t.category] })],
);

export const questions = pgTable(
  'questions',
  {
    id: generatedId(),
    competitionId: belongsToCompetition(),
    category: text('category', categoryEnum).notNull(),
    position: integer('position').notNull(),
    marks: integer('marks').notNull(),
    questionEnglish: text('question_english').notNull(),
    questionBangla: text('question_bangla').notNull(),
    /**
     * The source rendered when it was saved (question-text.ts); null for a row written before, rendered when
     * read (docs/decisions/038-questions-with-formulas-and-diagrams.md).
     */
    questionEnglishHtml: text('question_english_html'),
    questionBanglaHtml: text('question_bangla_html'),
  },
  (t) => [index('questions_exam_idx').on(t.competitionId, t.category, t.position)],
);

/** A row of one question's: removed with the question. */
export const belongsToQuestion = () =>
  uuid('question_id')
    .notNull()
    .references(() => questions.id, { onDelete: 'cascade' });

/**
 * One student's answer to one question, as every row about an answer names it (the answer, its marks, a
 * grader's hold, a re-check): removed with the student or the question.
 */
export const answerKey = () => ({ userId: belongsToUser(), questionId: belongsToQuestion() });

/**
 * A question's diagram (docs/decisions/040-question-diagrams.md): processed on upload into two JPEGs, one
 * for a phone's column and one for zooming, metadata stripped. Uploaded before the question is saved, so
 * `questionId` is null until a save names it; unattached uploads are removed after a day.
 */
export const questionImages = pgTable(
  'question_images',
  {
    id: generatedId(),
    questionId: uuid('question_id').references(() => questions.id, { onDelete: 'cascade' }),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    /** 1-based: the number authors write in a marker, `[[diagram 1]]`. */
    position: integer('position').notNull().default(0),
    altEnglish: text('alt_english').notNull().default(''),
    altBangla: text('alt_bangla').notNull().default(''),
    phoneKey: text('phone_key').notNull().unique(),
    phoneWidth: integer('phone_width').notNull(),
    phoneHeight: integer('phone_height').notNull(),
    phoneSizeBytes: integer('phone_size_bytes').notNull(),
    phoneSha256: text('phone_sha256').notNull(),
    zoomKey: text('zoom_key').notNull().unique(),
    zoomWidth: integer('zoom_width').notNull(),
    zoomHeight: integer('zoom_height').notNull(),
    zoomSizeBytes: integer('zoom_size_bytes').notNull(),
    zoomSha256: text('zoom_sha256').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('question_images_question_idx').on(t.questionId, t.position),
    index('question_images_unattached_idx').on(t.createdAt).where(sql`${t.questionId} is null`),
  ],
);

/** A student's attempt: extra minutes an organiser gave, and when it was submitted. */
export const examAttempts = pgTable(
  'exam_attempts',
  {
    competitionId: belongsToCompetition(),
    userId: belongsToUser(),
    extraMinutes: integer('extra_minutes').notNull().default(0),
    submittedAt: instant('submitted_at'),
  },
  (t) => [primaryKey({ columns: [t.competitionId, t.userId] })],
);

/** One photo of an answer as the student committed to it: its hash and size (the bytes may come later). */
export type CommittedImage = { sha256: string; size: number };

/**
 * A student's answer to one question: the photos committed to it, in order, with a version. A photo is
 * named by the SHA-256 of its bytes; `answer_photos` says whether the bytes have arrived.
 */
export const answers = pgTable(
  'answers',
  {
    ...answerKey(),
    images: jsonb('images').$type<CommittedImage[]>().notNull(),
    version: integer('version').notNull().default(1),
    savedAt: instant('saved_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.questionId] }),
    // The grading queue reads one question's answers at a time.
    index('answers_question_idx').on(t.questionId, t.userId),
  ],
);

/**
 * Every photo a student committed to (or, late, sent for) an answer: when the server heard of it, and
 * the stored file once its bytes arrived. A late photo (committed after the window and its grace) never
 * counts by itself: organisers accept or reject it.
 */
export const answerPhotos = pgTable(
  'answer_photos',
  {
    userId: belongsToUser(),
    sha256: text('sha256').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    questionId: belongsToQuestion(),
    committedAt: instant('committed_at').notNull(),
    mediaId: uuid('media_id').references(() => media.id, { onDelete: 'set null' }),
    deliveredAt: instant('delivered_at'),
    late: boolean('late').notNull().default(false),
    /** The phone's clock when the photo was taken (late photos: what the student's device says). */
    takenAt: instant('taken_at'),
    lateDecision: text('late_decision', { enum: ['accepted', 'rejected'] }),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: instant('decided_at'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.sha256] }),
    index('answer_photos_question_idx').on(t.questionId),
  ],
);

import { z } from 'zod';
import { msg, requiredText, text } from './common.ts';
import { GradingImageSchema, rubricChoiceInput } from './results.ts';

/** How long a grader holds an answer without a heartbeat (docs/decisions/037-grading-as-a-team.md). */
export const CLAIM_SECONDS = 5 * 60;
/** How often the grading page renews its hold while the grader works on an answer. */
export const CLAIM_HEARTBEAT_SECONDS = 60;

const uuidLike = z.string().max(64);

/**
 * Take an answer of a question to grade: the next one nobody holds and nobody graded (in this grader's own
 * stable order), or, with `user_id`, that answer (to look again at one already graded). `skip`: answers
 * the grader passed over on this visit, left for later.
 */
export const ClaimInputSchema = z.object({
  question_id: uuidLike,
  user_id: uuidLike.optional(),
  skip: z.array(uuidLike).max(200).optional(),
});

/** The most rubric items a question has (keys 1 to 9 tick the first nine). */
export const RUBRIC_MAX_ITEMS = 20;

/** One item of a question's rubric: a short text and its points (negative for a deduction). */
export const RubricItemSchema = z.object({
  id: z.string(),
  position: z.number(),
  text: z.string(),
  points: z.number(),
});
export type RubricItem = z.infer<typeof RubricItemSchema>;

export const RubricItemInputSchema = z.object({
  text: text({ typeError: 'rubric.text' }).min(1, msg('rubric.text')).max(200, msg('rubric.text')),
  points: z
    .number({ error: 'rubric.points' })
    .int(msg('rubric.points'))
    .min(-100, msg('rubric.points'))
    .max(100, msg('rubric.points')),
});
export type RubricItemInput = z.infer<typeof RubricItemInputSchema>;

export const RubricResponseSchema = z.object({
  status: z.literal('success'),
  data: z.array(RubricItemSchema),
});
export const RubricItemResponseSchema = z.object({
  status: z.literal('success'),
  data: RubricItemSchema.extend({ regraded: z.number() }),
});

/** The items a grader ticked on an answer and the adjustment, when the mark came from the rubric. */
export const RubricChoiceSchema = z.object({ items: z.array(z.string()), adjustment: z.number() });

/** One answer held for the grader, and how long the hold lasts without a heartbeat. */
export const ClaimedAnswerSchema = z.object({
  user_id: z.string(),
  /** Admins only: null for graders. */
  name: z.string().nullable(),
  roll_number: z.string().nullable(),
  images: z.array(GradingImageSchema),
  /** The marks that count now (an override if any), and their comment. */
  marks: z.number().nullable(),
  comment: z.string().nullable(),
  /** The rubric behind the marks that count, when one was used. */
  rubric: RubricChoiceSchema.nullable(),
  expires_at: z.string(),
});
export type ClaimedAnswer = z.infer<typeof ClaimedAnswerSchema>;

/**
 * One question's answers: those with photos, graded, held by a grader now, and waiting for photos (counted
 * when no answer was free to hand out; null otherwise, as checking every answer's photos on each claim costs).
 */
export const QuestionProgressSchema = z.object({
  total: z.number(),
  graded: z.number(),
  claimed: z.number(),
  waiting: z.number().nullable(),
});
export type QuestionProgress = z.infer<typeof QuestionProgressSchema>;

export const ClaimResponseSchema = z.object({
  status: z.literal('success'),
  data: z.object({
    /** null when no answer is free: every answer is graded, held by someone else, or waiting for photos. */
    answer: ClaimedAnswerSchema.nullable(),
    progress: QuestionProgressSchema,
    /** The question's rubric, in order (empty when the organisers wrote none). */
    rubric: z.array(RubricItemSchema),
    /** The ready photos of the answer likely to come next, for the browser to fetch ahead. */
    prefetch: z.array(z.string()),
  }),
});
export type ClaimResult = z.infer<typeof ClaimResponseSchema>['data'];

/** A hold to renew or give back. */
export const ClaimKeySchema = z.object({ question_id: uuidLike, user_id: uuidLike });

export const HeartbeatResponseSchema = z.object({
  status: z.literal('success'),
  data: z.object({ expires_at: z.string() }),
});

/** Pace is counted over the last hour: answers graded in it. */
export const PACE_WINDOW_MINUTES = 60;

/** A category's grading progress: per question, and per grader (admins only; empty for graders). */
export const GradingProgressSchema = z.object({
  questions: z.array(
    QuestionProgressSchema.extend({
      waiting: z.number(),
      question_id: z.string(),
      position: z.number(),
      /** Answers not graded yet (held, free or waiting for photos). */
      left: z.number(),
      /** Answers graded in the last hour, by anyone. */
      per_hour: z.number(),
      /** Minutes until every answer is graded at that pace; null while nobody graded in the last hour. */
      minutes_left: z.number().nullable(),
    }),
  ),
  graders: z.array(
    z.object({
      grader_id: z.string(),
      name: z.string(),
      graded: z.number(),
      claimed: z.number(),
      per_hour: z.number(),
      /** Their marks (first or second) compared with another grader's, and how many agreed within tolerance. */
      compared: z.number(),
      agreed: z.number(),
    }),
  ),
});
export type GradingProgress = z.infer<typeof GradingProgressSchema>;
export const GradingProgressResponseSchema = z.object({
  status: z.literal('success'),
  data: GradingProgressSchema,
});

/** Second marking of a question (decision 037): sample share, tolerance, margin around award cut-offs. */
export const SecondMarkingSettingsSchema = z.object({
  sample_percent: z.number().int().min(0).max(100),
  tolerance: z.number().int().min(0).max(1000),
  near_cutoff: z.number().int().min(0).max(1000),
});
export type SecondMarkingSettings = z.infer<typeof SecondMarkingSettingsSchema>;
export const SecondMarkingSettingsResponseSchema = z.object({
  status: z.literal('success'),
  data: SecondMarkingSettingsSchema.extend({ due: z.number(), second_marked: z.number() }),
});

/** The answer a second grader holds: blind (no first mark, no first grader, no name). */
export const SecondClaimResponseSchema = z.object({
  status: z.literal('success'),
  data: z.object({
    answer: z
      .object({
        user_id: z.string(),
        roll_number: z.string().nullable(),
        images: ClaimedAnswerSchema.shape.images,
        expires_at: z.string(),
      })
      .nullable(),
    /** Answers of the question still due for a second mark. */
    due: z.number(),
    rubric: z.array(RubricItemSchema),
  }),
});

/**
 * A second mark: a number, or by the question's rubric (`rubric_items`, `adjustment`, which needs a comment)
 * as a first mark is; the server then computes the marks from them and `marks` is not trusted.
 */
export const SecondMarkInputSchema = z.object({
  question_id: uuidLike,
  user_id: uuidLike,
  marks: z.number().int().min(0).max(1000),
  comment: text({ lines: true, typeError: 'request.invalid' }).max(1000, msg('text.tooLong')).optional(),
  ...rubricChoiceInput,
});

export const DisagreementSchema = z.object({
  question_id: z.string(),
  position: z.number(),
  user_id: z.string(),
  roll_number: z.string().nullable(),
  first_marks: z.number(),
  first_grader: z.string().nullable(),
  second_marks: z.number(),
  second_grader: z.string().nullable(),
  tolerance: z.number(),
});
export const DisagreementsResponseSchema = z.object({
  status: z.literal('success'),
  data: z.object({ disagreements: z.array(DisagreementSchema), due: z.number() }),
});

export const SettleInputSchema = z.object({
  question_id: uuidLike,
  user_id: uuidLike,
  marks: z.number().int().min(0).max(1000),
  comment: requiredText().max(1000, msg('text.tooLong')),
});

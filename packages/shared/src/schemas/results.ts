import { z } from 'zod';
import { CATEGORIES } from '../constants.ts';
import { msg, text } from './common.ts';
import { CompetitionCodeSchema } from './competitions.ts';
import { QuestionImageSchema } from './exam.ts';

export const AWARDS = ['gold', 'silver', 'bronze', 'prize'] as const;
export type Award = (typeof AWARDS)[number];

/**
 * Marking by the question's rubric (decision 037), first or second marks: the items ticked and a free
 * adjustment (which needs a comment). The server computes the marks from them (their sum, from 0 to the
 * question's marks); `marks` is then what the page computed and is not trusted.
 */
export const rubricChoiceInput = {
  rubric_items: z.array(z.string().max(64)).max(20).optional(),
  adjustment: z
    .number({ error: 'rubric.adjustment' })
    .int(msg('rubric.adjustment'))
    .min(-100, msg('rubric.adjustment'))
    .max(100, msg('rubric.adjustment'))
    .optional(),
};

export const MarkInputSchema = z.object({
  question_id: z.string().max(64),
  marks: z.number({ error: 'marks.invalid' }).int(msg('marks.invalid')).min(0, msg('marks.invalid')),
  comment: text({ lines: true, typeError: 'request.invalid' })
    .max(2000, msg('text.tooLong'))
    .nullable()
    .optional(),
  /**
   * Saved from a hold (docs/decisions/037-grading-as-a-team.md): refused (409) unless the hold is still
   * this grader's, so a save after the hold passed to someone else never overwrites their work.
   */
  claimed: z.boolean().optional(),
  ...rubricChoiceInput,
});

/**
 * A photo of an answer as graders see it: `arriving` (committed in time, bytes not here yet), `processing`
 * (here, being re-encoded: never shown unprocessed), `ready` (url shows it), `failed` (not an image).
 * `late`: a late photo an organiser accepted.
 */
export const GRADING_IMAGE_STATES = ['arriving', 'processing', 'ready', 'failed'] as const;
export type GradingImageState = (typeof GRADING_IMAGE_STATES)[number];
export const GradingImageSchema = z.object({
  sha256: z.string(),
  url: z.string().nullable(),
  state: z.enum(GRADING_IMAGE_STATES),
  late: z.boolean(),
  /** Ours, admins only: the student's receipt of the photo's commitment and its short code (decision 062). */
  receipt: z.string().optional(),
  receipt_code: z.string().optional(),
});
export type GradingImage = z.infer<typeof GradingImageSchema>;

export const SubmissionAnswerSchema = z.object({
  question_id: z.string(),
  /** The ready images' addresses. */
  image_urls: z.array(z.string()),
  /** Every photo of the answer with its state, in order. */
  images: z.array(GradingImageSchema),
  marks: z.number().nullable(),
  comment: z.string().nullable(),
  grader_marks: z.number().nullable(),
  grader_comment: z.string().nullable(),
  override_marks: z.number().nullable(),
  override_comment: z.string().nullable(),
});
export const SubmissionSchema = z.object({
  user_id: z.string(),
  /** Admins only: null for graders (the roll number is all grading needs). */
  name: z.string().nullable(),
  roll_number: z.string().nullable(),
  submitted_at: z.string().nullable(),
  answers: z.array(SubmissionAnswerSchema),
});
export type Submission = z.infer<typeof SubmissionSchema>;
export const SubmissionsResponseSchema = z.object({
  status: z.literal('success'),
  data: z.array(SubmissionSchema),
});
export const SubmissionsQuerySchema = z.object({
  category: z.enum(CATEGORIES),
  competition: CompetitionCodeSchema.default('ngso-1'),
});

export const PublishSchema = z.object({ override: z.boolean().default(false) });

export const ResultQuestionSchema = z.object({
  question_id: z.string(),
  position: z.number(),
  questionEnglish: z.string(),
  questionBangla: z.string(),
  /** The rendered question, as on the exam page (`QuestionSchema`). */
  questionEnglishHtml: z.string(),
  questionBanglaHtml: z.string(),
  /** Ours: the question's diagrams (`QuestionSchema`). */
  images: z.array(QuestionImageSchema),
  marks: z.number(),
  marks_awarded: z.number().nullable(),
  comment: z.string().nullable(),
});
export const ResultSchema = z.object({
  published: z.boolean(),
  category: z.enum(CATEGORIES),
  total: z.number().nullable(),
  total_marks: z.number(),
  rank: z.number().nullable(),
  participants: z.number().nullable(),
  award: z.enum(AWARDS).nullable(),
  questions: z.array(ResultQuestionSchema),
});
export type Result = z.infer<typeof ResultSchema>;
export const ResultResponseSchema = z.object({
  status: z.literal('success'),
  message: z.string().optional(),
  data: ResultSchema,
});

export const StandingSchema = z.object({
  user_id: z.string(),
  /** Admins only: null for graders. */
  name: z.string().nullable(),
  roll_number: z.string().nullable(),
  total: z.number(),
  rank: z.number(),
  award: z.enum(AWARDS).nullable(),
});
export const StandingsResponseSchema = z.object({
  status: z.literal('success'),
  data: z.object({
    published_at: z.string().nullable(),
    ungraded: z.number(),
    /** Photos of answers committed in time whose bytes have not arrived, and late photos not decided. */
    photos_arriving: z.number(),
    late_photos_undecided: z.number(),
    standings: z.array(StandingSchema),
  }),
});

/** Organisers' review of late photos (sent after the window and its grace). */
export const AdminLatePhotoSchema = z.object({
  user_id: z.string(),
  name: z.string(),
  roll_number: z.string().nullable(),
  question_id: z.string(),
  question_position: z.number(),
  sha256: z.string(),
  size: z.number(),
  url: z.string().nullable(),
  state: z.enum(GRADING_IMAGE_STATES),
  /** The phone's clock when the photo was taken. */
  taken_at: z.string().nullable(),
  /** When the server first heard of it, and the student's end (so organisers see how late). */
  received_at: z.string(),
  ends_at: z.string(),
  decision: z.enum(['pending', 'accepted', 'rejected']),
  decided_at: z.string().nullable(),
  /**
   * Ours: the server's signed receipt of the photo's commitment, its time the late one (decision 062), and its
   * short code; absent for a student with no roll number.
   */
  receipt: z.string().optional(),
  receipt_code: z.string().optional(),
});
export type AdminLatePhoto = z.infer<typeof AdminLatePhotoSchema>;
export const AdminLatePhotosResponseSchema = z.object({
  status: z.literal('success'),
  data: z.array(AdminLatePhotoSchema),
  /** The page shown, of `total` late photos, `pending` of them undecided. */
  meta: z.object({ page: z.number(), per_page: z.number(), total: z.number(), pending: z.number() }),
});
export const LatePhotoDecisionSchema = z.object({
  user_id: z.string().max(64),
  sha256: z.string().regex(/^[0-9a-f]{64}$/, msg('photo.hash')),
  decision: z.enum(['accepted', 'rejected'], msg('request.invalid')),
});
export const LatePhotoDecisionResponseSchema = z.object({
  status: z.literal('success'),
  data: AdminLatePhotoSchema,
});

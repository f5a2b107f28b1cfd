import { z } from 'zod';
import { CATEGORIES, UPLOAD_MAX_MEGABYTES } from '../constants.ts';
import { MAX_DIAGRAMS_PER_QUESTION } from '../question-diagrams.ts';
import { msg, requiredString, requiredText, text } from './common.ts';

export const EXAM_PHASES = ['BEFORE_EXAM', 'DURING_EXAM', 'AFTER_EXAM'] as const;
export type ExamPhase = (typeof EXAM_PHASES)[number];

export const MAX_IMAGES_PER_ANSWER = 10;

export const ExamSchema = z.object({
  category: z.enum(CATEGORIES),
  starts_at: z.string(),
  /** This student's end, extra minutes included. */
  ends_at: z.string(),
  duration_minutes: z.number(),
  total_questions: z.number(),
  total_marks: z.number(),
  phase: z.enum(EXAM_PHASES),
  submitted_at: z.string().nullable(),
  /** Ours: until when the bytes of photos committed in time are accepted (end + EXAM_DELIVERY_MINUTES). */
  delivery_ends_at: z.string(),
  /** Ours: from when the encrypted question paper can be downloaded (start - EXAM_PAPER_LEAD_MINUTES). */
  paper_from: z.string(),
});
export type Exam = z.infer<typeof ExamSchema>;
export const ExamResponseSchema = z.object({ status: z.literal('success'), data: ExamSchema });

/**
 * A diagram of a question, in order: `[[diagram 1]]` in the text is the first (question-diagrams.ts). `url`
 * is the size for a phone's column (in the encrypted paper, the image itself as a `data:` URL); `width` and
 * `height` are its pixels.
 */
export const QuestionImageSchema = z.object({
  /** Ours: the diagram's id (what the editor's save names). */
  id: z.string(),
  url: z.string(),
  width: z.number(),
  height: z.number(),
  alt_en: z.string(),
  alt_bn: z.string(),
  /** Ours: the larger size, loaded when the student zooms. */
  zoom_url: z.string(),
});
export type QuestionImage = z.infer<typeof QuestionImageSchema>;

export const QuestionSchema = z.object({
  id: z.string(),
  marks: z.number(),
  /** The author's source: Markdown with TeX formulas between `$...$` and `$$...$$`. */
  questionEnglish: z.string(),
  questionBangla: z.string(),
  /**
   * Ours: the source rendered by the server when it was saved (formulas as MathML, a strict allow-list of
   * tags, nothing that runs). Clients show this, not the source.
   */
  questionEnglishHtml: z.string(),
  questionBanglaHtml: z.string(),
  /** Ours: the question's diagrams, in order. */
  images: z.array(QuestionImageSchema),
});
export type Question = z.infer<typeof QuestionSchema>;
export const QuestionsResponseSchema = z.object({
  status: z.literal('success'),
  data: z.array(QuestionSchema),
});
export const QuestionsQuerySchema = z.object({ category: z.enum(CATEGORIES, msg('request.invalid')) });

/** A photo's name in an answer: the SHA-256 of the bytes the phone sends, in lower-case hex. */
export const Sha256Schema = z.string().regex(/^[0-9a-f]{64}$/, msg('photo.hash'));

/** A photo as the page commits to it the moment it is taken: its hash and byte size (no bytes yet). */
export const CommittedImageSchema = z.object({
  sha256: Sha256Schema,
  size: z
    .number()
    .int()
    .min(1, msg('photo.size'))
    .max(UPLOAD_MAX_MEGABYTES * 1_000_000, msg('photo.size')),
});
export type CommittedImage = z.infer<typeof CommittedImageSchema>;

/**
 * `pending`: committed in time, its bytes not on the server yet (they are accepted until the delivery
 * deadline); `stored`: the server has the bytes.
 */
export const ANSWER_IMAGE_STATUSES = ['pending', 'stored'] as const;
export type AnswerImageStatus = (typeof ANSWER_IMAGE_STATUSES)[number];
export const AnswerImageSchema = CommittedImageSchema.extend({
  url: z.string().nullable(),
  status: z.enum(ANSWER_IMAGE_STATUSES),
  /**
   * Ours: the server's signed receipt of the commitment (`v1.<payload>.<signature>`, decision 062), which
   * anyone can check at POST /v1/receipts/verify; on the photos of answers.
   */
  receipt: z.string().optional(),
  /** Ours: the receipt's short code (`XXXX-XXXX`), what the pages show beside the photo. */
  receipt_code: z.string().optional(),
});
export type AnswerImage = z.infer<typeof AnswerImageSchema>;

/** The spec's `image_urls` of an answer: the addresses of its photos that have arrived, in order. */
export const imageUrlsOf = (images: readonly AnswerImage[]) =>
  images.flatMap((image) => (image.url ? [image.url] : []));

export const AnswerSchema = z.object({
  question_id: z.string(),
  /** The stored images' addresses (the spec's field); a committed photo appears here once it has arrived. */
  image_urls: z.array(z.string()),
  /** Ours: every committed photo, in order, delivered or not. */
  images: z.array(AnswerImageSchema),
  /** Ours: the version to send back with the next save, and when the server stored this one. */
  version: z.number(),
  saved_at: z.string(),
});
export type Answer = z.infer<typeof AnswerSchema>;

/** A photo sent after the window and its grace: kept, never counted by itself; organisers decide. */
export const LATE_PHOTO_DECISIONS = ['pending', 'accepted', 'rejected'] as const;
export const LatePhotoSchema = AnswerImageSchema.extend({
  question_id: z.string(),
  /** The phone's clock when the photo was taken. */
  taken_at: z.string().nullable(),
  /** When the server first heard of it. */
  received_at: z.string(),
  decision: z.enum(LATE_PHOTO_DECISIONS),
});
export type LatePhoto = z.infer<typeof LatePhotoSchema>;

export const AnswersResponseSchema = z.object({
  status: z.literal('success'),
  data: z.object({ data: z.array(AnswerSchema), late_photos: z.array(LatePhotoSchema) }),
});
export const SaveAnswerSchema = z.object({
  question_id: z.string().max(64),
  /** The spec's field: addresses of the student's own uploads. Ignored when `images` is sent. */
  image_urls: z.array(z.string().max(300)).max(MAX_IMAGES_PER_ANSWER, msg('answer.tooMany')).default([]),
  /** Ours: the answer's photos by hash and size, in order (commit now, deliver the bytes later). */
  images: z.array(CommittedImageSchema).max(MAX_IMAGES_PER_ANSWER, msg('answer.tooMany')).optional(),
  /** Optional: the version this client last read; a stale one is refused with 409 instead of dropping images. */
  version: z.number().int().min(0).optional(),
});
export type SaveAnswer = z.input<typeof SaveAnswerSchema>;
export const SaveAnswerResponseSchema = z.object({ status: z.literal('success'), data: AnswerSchema });

/** `PUT /v1/:competition/answer-photos/:sha256`: the bytes of a committed (or late) photo arrived. */
export const DeliveredPhotoResponseSchema = z.object({
  status: z.literal('success'),
  data: AnswerImageSchema.extend({ late: z.boolean() }),
});
export type DeliveredPhoto = z.infer<typeof DeliveredPhotoResponseSchema>['data'];

/** `POST /v1/:competition/late-photos`: a photo that could not be committed in time, sent anyway. */
export const LatePhotoInputSchema = CommittedImageSchema.extend({
  question_id: z.string().max(64),
  taken_at: z.iso.datetime({ offset: true, error: 'request.invalid' }),
});
export const LatePhotoResponseSchema = z.object({ status: z.literal('success'), data: LatePhotoSchema });

export const SubmitResponseSchema = z.object({
  status: z.literal('success'),
  data: z.object({ submitted_at: z.string(), answered: z.number(), total: z.number() }),
});

/** An ISO 8601 instant with an offset, e.g. 2025-01-14T17:00:00+06:00. */
const Instant = z.iso.datetime({ offset: true, error: 'request.invalid' });

export const ExamWindowSchema = z
  .object({ starts_at: Instant, ends_at: Instant })
  .refine((w) => Date.parse(w.ends_at) > Date.parse(w.starts_at), {
    path: ['ends_at'],
    message: 'exam.window',
  });
export const AdminExamSchema = z.object({
  category: z.enum(CATEGORIES),
  starts_at: z.string(),
  ends_at: z.string(),
  duration_minutes: z.number(),
});
export const AdminExamResponseSchema = z.object({ status: z.literal('success'), data: AdminExamSchema });

export const ExtensionSchema = z.object({
  user_id: z.string().max(64),
  minutes: z.number().int().min(0, msg('extension.range')).max(240, msg('extension.range')),
});

/** A diagram as a question's save names it: an uploaded image and its alternative text in both languages. */
export const QuestionImageInputSchema = z.object({
  id: z.string().max(64),
  alt_en: requiredString().max(300, msg('text.tooLong')),
  alt_bn: requiredString().max(300, msg('text.tooLong')),
});
export type QuestionImageInput = z.infer<typeof QuestionImageInputSchema>;

/** `POST /v1/admin/question-images`: a diagram processed and stored, not yet part of a question. */
export const UploadedDiagramResponseSchema = z.object({
  status: z.literal('success'),
  data: z.object({
    id: z.string(),
    url: z.string(),
    zoom_url: z.string(),
    width: z.number(),
    height: z.number(),
  }),
});
export type UploadedDiagram = z.infer<typeof UploadedDiagramResponseSchema>['data'];

export const QuestionInputSchema = z.object({
  category: z.enum(CATEGORIES, msg('request.invalid')),
  marks: z.number().int().min(1, msg('question.marks')).max(100, msg('question.marks')),
  questionEnglish: requiredText().max(5000, msg('text.tooLong')),
  questionBangla: requiredText().max(5000, msg('text.tooLong')),
  position: z.number().int().min(1).max(1000),
  /**
   * Ours: the diagrams, in order, each uploaded first (`POST /v1/admin/question-images`). Left out, a new
   * question has none and an edit keeps the ones it had (a client of the specification's fields never drops
   * them).
   */
  images: z
    .array(QuestionImageInputSchema)
    .max(MAX_DIAGRAMS_PER_QUESTION, msg('question.tooManyDiagrams'))
    .optional(),
});
/** `POST /v1/admin/questions/preview`: the editor's preview, drawn by the same renderer as a save. */
export const QuestionPreviewInputSchema = z.object({
  questionEnglish: text({ lines: true }).max(5000, msg('text.tooLong')),
  questionBangla: text({ lines: true }).max(5000, msg('text.tooLong')),
  /** How many diagrams the editor holds: a marker naming another is refused as on save. */
  diagrams: z.number().int().min(0).max(MAX_DIAGRAMS_PER_QUESTION).default(0),
});
export const QuestionPreviewResponseSchema = z.object({
  status: z.literal('success'),
  data: z.object({ questionEnglishHtml: z.string(), questionBanglaHtml: z.string() }),
});

export const AdminQuestionSchema = QuestionSchema.extend({
  category: z.enum(CATEGORIES),
  position: z.number(),
});
export const AdminQuestionResponseSchema = z.object({
  status: z.literal('success'),
  data: AdminQuestionSchema,
});
export const AdminQuestionsResponseSchema = z.object({
  status: z.literal('success'),
  data: z.array(AdminQuestionSchema),
});

/** The organisers' live view of one category's exam: who has started, who is active now, who submitted. */
export const LiveStudentSchema = z.object({
  user_id: z.string(),
  name: z.string(),
  roll_number: z.string().nullable(),
  answered: z.number(),
  last_saved_at: z.string().nullable(),
  submitted_at: z.string().nullable(),
  extra_minutes: z.number(),
  ends_at: z.string(),
  active: z.boolean(),
});
export const LiveExamSchema = z.object({
  category: z.enum(CATEGORIES),
  phase: z.enum(['BEFORE_EXAM', 'DURING_EXAM', 'AFTER_EXAM']),
  now: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  total_questions: z.number(),
  counts: z.object({
    approved: z.number(),
    started: z.number(),
    active: z.number(),
    submitted: z.number(),
  }),
  students: z.array(LiveStudentSchema),
});
export type LiveExam = z.infer<typeof LiveExamSchema>;

/**
 * The question paper, encrypted (AES-256-GCM), downloaded by an entrant's countdown page before the start
 * (`GET /v1/:competition/paper`). `version` names its content: a page holding another version downloads it
 * again. `ciphertext` is base64 of the encrypted JSON of `PaperContent` followed by the 16-byte tag (as Web
 * Crypto's AES-GCM produces and expects); `iv` is base64 of its 12 bytes.
 */
export const PaperSchema = z.object({
  category: z.enum(CATEGORIES),
  version: z.string(),
  starts_at: z.string(),
  iv: z.string(),
  ciphertext: z.string(),
});
export type Paper = z.infer<typeof PaperSchema>;
export const PaperResponseSchema = z.object({ status: z.literal('success'), data: PaperSchema });
/** What the paper holds once decrypted: the questions as `GET /v1/:competition/questions` gives them. */
export const PaperContentSchema = z.object({
  category: z.enum(CATEGORIES),
  version: z.string(),
  questions: z.array(QuestionSchema),
});
export type PaperContent = z.infer<typeof PaperContentSchema>;

/** The paper's key (`GET /v1/:competition/paper-key/:category`): 404 before the start, then this. */
export const PaperKeySchema = z.object({
  category: z.enum(CATEGORIES),
  /** The version of the paper as it is now: a page holding another one asks for the questions instead. */
  version: z.string(),
  /** Base64 of the 32-byte AES-256-GCM key. */
  key: z.string(),
});
export type PaperKey = z.infer<typeof PaperKeySchema>;
export const PaperKeyResponseSchema = z.object({ status: z.literal('success'), data: PaperKeySchema });

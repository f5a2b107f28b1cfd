import { z } from 'zod';
import { CATEGORIES } from '../constants.ts';
import { msg, requiredText, text } from './common.ts';
import { CompetitionCodeSchema } from './competitions.ts';
import { QuestionImageSchema } from './exam.ts';

export const RECHECK_STATUSES = ['requested', 'assigned', 'decided'] as const;
export const RECHECK_OUTCOMES = ['kept', 'changed'] as const;
export const RECHECK_REASON_MAX = 1000;

/** A competition's re-check settings (organisers set them; these are the defaults). */
export const RecheckSettingsSchema = z.object({
  window_days: z
    .number(msg('recheck.settings'))
    .int(msg('recheck.settings'))
    .min(0)
    .max(60, msg('recheck.settings')),
  max_questions: z
    .number(msg('recheck.settings'))
    .int(msg('recheck.settings'))
    .min(1, msg('recheck.settings'))
    .max(20, msg('recheck.settings')),
  fee_bdt: z
    .number(msg('recheck.settings'))
    .int(msg('recheck.settings'))
    .min(0, msg('recheck.settings'))
    .max(10_000, msg('recheck.settings')),
});
export type RecheckSettings = z.infer<typeof RecheckSettingsSchema>;
export const DEFAULT_RECHECK_SETTINGS: RecheckSettings = { window_days: 7, max_questions: 2, fee_bdt: 0 };
export const RecheckSettingsResponseSchema = z.object({
  status: z.literal('success'),
  data: RecheckSettingsSchema,
});

/** A student asks for re-checks of some of their answers, with one reason (in Bangla or English). */
export const RecheckRequestSchema = z.object({
  question_ids: z
    .array(z.string().max(64), msg('recheck.questions'))
    .min(1, msg('recheck.questions'))
    .max(20, msg('recheck.questions'))
    .refine((ids) => new Set(ids).size === ids.length, msg('recheck.questions')),
  reason: requiredText().max(RECHECK_REASON_MAX, msg('text.tooLong')),
  fee_transaction_id: text({ typeError: 'request.invalid' }).trim().max(40, msg('text.tooLong')).optional(),
});
export type RecheckRequest = z.infer<typeof RecheckRequestSchema>;

/** A re-check as the student sees it. */
export const StudentRecheckSchema = z.object({
  id: z.string(),
  question_id: z.string(),
  question_position: z.number(),
  reason: z.string(),
  status: z.enum(RECHECK_STATUSES),
  requested_at: z.string(),
  marks_before: z.number(),
  marks_after: z.number().nullable(),
  outcome: z.enum(RECHECK_OUTCOMES).nullable(),
  outcome_note: z.string().nullable(),
  decided_at: z.string().nullable(),
});
export type StudentRecheck = z.infer<typeof StudentRecheckSchema>;

/** `GET /v1/:competition/rechecks`: the window (open or not, until when), the rules, and the requests. */
export const StudentRechecksResponseSchema = z.object({
  status: z.literal('success'),
  data: z.object({
    open: z.boolean(),
    closes_at: z.string().nullable(),
    max_questions: z.number(),
    fee_bdt: z.number(),
    requests: z.array(StudentRecheckSchema),
  }),
});
export type StudentRechecks = z.infer<typeof StudentRechecksResponseSchema>['data'];

/** A re-check in the organisers' queue. */
export const AdminRecheckSchema = z.object({
  id: z.string(),
  name: z.string(),
  roll_number: z.string().nullable(),
  category: z.enum(CATEGORIES),
  question_id: z.string(),
  question_position: z.number(),
  reason: z.string(),
  fee_transaction_id: z.string().nullable(),
  status: z.enum(RECHECK_STATUSES),
  requested_at: z.string(),
  marks_before: z.number(),
  first_grader: z.string().nullable(),
  first_grader_id: z.string().nullable(),
  grader: z.string().nullable(),
  grader_id: z.string().nullable(),
  marks_after: z.number().nullable(),
  outcome: z.enum(RECHECK_OUTCOMES).nullable(),
  outcome_note: z.string().nullable(),
});
export type AdminRecheck = z.infer<typeof AdminRecheckSchema>;
export const AdminRechecksQuerySchema = z.object({
  competition: CompetitionCodeSchema.default('ngso-1'),
  status: z.enum(RECHECK_STATUSES).optional(),
});
export const AdminRechecksResponseSchema = z.object({
  status: z.literal('success'),
  data: z.array(AdminRecheckSchema),
});

export const AssignRecheckSchema = z.object({ grader_id: z.string().max(64) });

/** A re-check as its second grader sees it: the question and the photos, blind to the first mark and the name. */
export const GraderRecheckSchema = z.object({
  id: z.string(),
  category: z.enum(CATEGORIES),
  question_position: z.number(),
  question_english: z.string(),
  question_bangla: z.string(),
  /** The question as students saw it (rendered and sanitised by the server; `QuestionSchema`). */
  question_english_html: z.string(),
  question_bangla_html: z.string(),
  /** Ours: the question's diagrams (`QuestionSchema`). */
  question_images: z.array(QuestionImageSchema),
  question_marks: z.number(),
  reason: z.string(),
  image_urls: z.array(z.string()),
});
export type GraderRecheck = z.infer<typeof GraderRecheckSchema>;
export const GraderRechecksResponseSchema = z.object({
  status: z.literal('success'),
  data: z.array(GraderRecheckSchema),
});

export const DecideRecheckSchema = z.object({
  marks: z.number({ error: 'marks.invalid' }).int(msg('marks.invalid')).min(0, msg('marks.invalid')),
  note: requiredText().max(1000, msg('text.tooLong')),
});
export type DecideRecheck = z.infer<typeof DecideRecheckSchema>;

export const RecheckResponseSchema = z.object({ status: z.literal('success'), data: AdminRecheckSchema });
export const StudentRecheckListResponseSchema = z.object({
  status: z.literal('success'),
  data: z.array(StudentRecheckSchema),
});

/** Staff a re-check can be given to. */
export const RecheckGradersResponseSchema = z.object({
  status: z.literal('success'),
  data: z.array(z.object({ id: z.string(), name: z.string(), role: z.enum(['grader', 'admin']) })),
});
export type RecheckGrader = z.infer<typeof RecheckGradersResponseSchema>['data'][number];

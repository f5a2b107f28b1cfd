import { z } from 'zod';
import { CATEGORIES } from '../constants.ts';
import { msg } from './common.ts';

export const AWARDS = ['gold', 'silver', 'bronze', 'prize'] as const;
export type Award = (typeof AWARDS)[number];

export const MarkInputSchema = z.object({
  question_id: z.string().max(64),
  marks: z.number({ error: 'marks.invalid' }).int(msg('marks.invalid')).min(0, msg('marks.invalid')),
  comment: z.string().trim().max(2000, msg('text.tooLong')).nullable().optional(),
});

export const SubmissionAnswerSchema = z.object({
  question_id: z.string(),
  image_urls: z.array(z.string()),
  marks: z.number().nullable(),
  comment: z.string().nullable(),
  grader_marks: z.number().nullable(),
  grader_comment: z.string().nullable(),
  override_marks: z.number().nullable(),
  override_comment: z.string().nullable(),
});
export const SubmissionSchema = z.object({
  user_id: z.string(),
  name: z.string(),
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
  competition: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/)
    .default('ngso-1'),
});

export const PublishSchema = z.object({ override: z.boolean().default(false) });

export const ResultQuestionSchema = z.object({
  question_id: z.string(),
  position: z.number(),
  questionEnglish: z.string(),
  questionBangla: z.string(),
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
  name: z.string(),
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
    standings: z.array(StandingSchema),
  }),
});

import { z } from 'zod';
import { msg, text } from './common.ts';

/**
 * Answer photos of two finalists that look alike (docs/decisions/065-answers-that-look-alike.md): for
 * organisers only (admins past the second factor), never graders or students. Nothing is decided from a
 * pair by itself: an organiser dismisses it or refers it with a note.
 */
export const LOOK_ALIKE_STATUSES = ['open', 'dismissed', 'referred'] as const;
export type LookAlikeStatus = (typeof LOOK_ALIKE_STATUSES)[number];

export const LookAlikePhotoSchema = z.object({
  user_id: z.string(),
  name: z.string(),
  roll_number: z.string().nullable(),
  question_id: z.string(),
  question_position: z.number(),
  sha256: z.string(),
  /** The processed photo (admins may load it). */
  url: z.string(),
});
export type LookAlikePhoto = z.infer<typeof LookAlikePhotoSchema>;

export const LookAlikeSchema = z.object({
  id: z.string(),
  /** Bits in which the two fingerprints differ (0 to 64); `same_file`: the very same bytes were sent. */
  distance: z.number(),
  same_file: z.boolean(),
  status: z.enum(LOOK_ALIKE_STATUSES),
  note: z.string().nullable(),
  found_at: z.string(),
  decided_at: z.string().nullable(),
  first: LookAlikePhotoSchema,
  second: LookAlikePhotoSchema,
});
export type LookAlike = z.infer<typeof LookAlikeSchema>;

export const LookAlikesQuerySchema = z.object({
  status: z.enum(LOOK_ALIKE_STATUSES, msg('request.invalid')).optional(),
});

export const LookAlikesResponseSchema = z.object({
  status: z.literal('success'),
  data: z.array(LookAlikeSchema),
  /** The distance at or under which two fingerprints are listed. */
  meta: z.object({ max_distance: z.number() }),
});

/** Dismiss a pair, or refer it (a note says why, for whoever decides). */
export const LookAlikeDecisionSchema = z
  .object({
    decision: z.enum(['dismissed', 'referred'], msg('request.invalid')),
    note: text({ lines: true, typeError: 'request.invalid' }).max(2000, msg('text.tooLong')).optional(),
  })
  .refine((input) => input.decision !== 'referred' || (input.note ?? '') !== '', {
    path: ['note'],
    ...msg('lookAlike.noteRequired'),
  });

export const LookAlikeDecisionResponseSchema = z.object({
  status: z.literal('success'),
  data: LookAlikeSchema,
});

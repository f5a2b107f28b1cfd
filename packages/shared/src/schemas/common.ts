import { z } from 'zod';
import type { MessageKey } from '../messages/en.ts';

/** A zod error option that carries a message key (see messages/en.ts). */
export const msg = (key: MessageKey) => ({ error: key });

/** A required string: missing or wrong type says 'required'. Trimmed. */
export const requiredString = () =>
  z
    .string({ error: 'required' satisfies MessageKey })
    .trim()
    .min(1, msg('required'));

export const ErrorResponseSchema = z.object({
  status: z.literal('error'),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

export const MessageResponseSchema = z.object({
  status: z.literal('success'),
  message: z.string(),
});
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

export const OkResponseSchema = z.object({ status: z.literal('success') });

import { z } from 'zod';
import type { MessageKey } from '../messages/en.ts';

/** A zod error option that carries a message key (see messages/en.ts). */
export const msg = (key: MessageKey) => ({ error: key });

/** Control characters (Unicode Cc: NUL, escape, line breaks …); PostgreSQL refuses NUL in text outright. */
const CONTROL_CHARACTER = /\p{Cc}/u;
/** The same, but for the line break, carriage return and tab of a text of several lines. */
const CONTROL_CHARACTER_BUT_LINE_BREAKS = /(?![\t\n\r])\p{Cc}/u;

/**
 * Free text a person typed (names, places, reasons, questions, comments …), for every schema: trimmed, and
 * refused with 'text.control' when it holds a control character. `lines` allows line breaks and tabs.
 * Missing or wrong type says `typeError` ('required' unless told).
 */
export const text = (options: { lines?: boolean; typeError?: MessageKey } = {}) => {
  const forbidden = options.lines ? CONTROL_CHARACTER_BUT_LINE_BREAKS : CONTROL_CHARACTER;
  return z
    .string({ error: options.typeError ?? ('required' satisfies MessageKey) })
    .trim()
    .refine((value) => !forbidden.test(value), msg('text.control'));
};

/** A required line of text: missing, wrong type or blank says 'required'. Trimmed, no control characters. */
export const requiredString = () => text().min(1, msg('required'));

/** A required text of several lines (line breaks and tabs allowed, other control characters not). */
export const requiredText = () => text({ lines: true }).min(1, msg('required'));

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

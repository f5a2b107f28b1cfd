import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../constants.ts';
import type { MessageKey } from '../messages/en.ts';
import { LoginSchema, NewPasswordSchema } from './auth.ts';
import { msg } from './common.ts';

/**
 * The signed-in user's own account security (OWASP ASVS 5.0 V6.2.3, V7.5.2): changing the password with the
 * current one, and the list of the account's sessions.
 */

const ChangePasswordFields = z.object({
  /** Checked exactly as a login checks it: required, and bounded like any password. */
  current_password: LoginSchema.shape.password,
  /** The same rules as register and reset (the server adds the common and context-word checks). */
  password: NewPasswordSchema,
});

const matches = (body: { password: string; password_confirmation?: string }) =>
  body.password_confirmation === undefined || body.password_confirmation === body.password;
const mismatch = { path: ['password_confirmation'], message: 'password.mismatch' satisfies MessageKey };

/** `PUT /v1/password`: the confirmation is optional, and checked when sent. */
export const ChangePasswordSchema = ChangePasswordFields.extend({
  password_confirmation: z.string().max(PASSWORD_MAX_LENGTH, msg('password.max')).optional(),
}).refine(matches, mismatch);
export type ChangePasswordInput = z.input<typeof ChangePasswordSchema>;

/** The form always asks for the confirmation. */
export const ChangePasswordFormSchema = ChangePasswordFields.extend({
  password_confirmation: z.string(),
}).refine(matches, mismatch);
export type ChangePasswordForm = z.input<typeof ChangePasswordFormSchema>;

/**
 * One session of the signed-in user. `id` is an opaque identifier derived one way from the session (never
 * its token or the token's hash); `device` is read from the browser's User-Agent when it was signed in.
 */
export const OwnSessionSchema = z.object({
  id: z.string(),
  current: z.boolean(),
  created_at: z.string(),
  last_seen_at: z.string(),
  device: z.object({ browser: z.string().nullable(), os: z.string().nullable() }),
});
export type OwnSession = z.infer<typeof OwnSessionSchema>;

export const OwnSessionsResponseSchema = z.object({
  status: z.literal('success'),
  data: z.array(OwnSessionSchema),
});
export type OwnSessionsResponse = z.infer<typeof OwnSessionsResponseSchema>;

/** `DELETE /v1/sessions/:id`: `current` says whether the session ended was the caller's own. */
export const EndSessionResponseSchema = z.object({
  status: z.literal('success'),
  message: z.string(),
  current: z.boolean(),
});
export type EndSessionResponse = z.infer<typeof EndSessionResponseSchema>;

/** `POST /v1/sessions/end-others`: how many sessions ended. */
export const EndOtherSessionsResponseSchema = z.object({
  status: z.literal('success'),
  message: z.string(),
  ended: z.number(),
});
export type EndOtherSessionsResponse = z.infer<typeof EndOtherSessionsResponseSchema>;

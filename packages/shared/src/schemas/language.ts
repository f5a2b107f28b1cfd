import { z } from 'zod';
import { LANGUAGES } from '../language.ts';

/** The interface languages (decisions.md, 'Language'). */
export const LanguageSchema = z.enum(LANGUAGES);
export type LanguageCode = z.infer<typeof LanguageSchema>;

/** PUT /api/v1/user/language: the signed-in user's language (mails and the admit card follow it). */
export const UpdateLanguageSchema = z.object({ language: LanguageSchema });
export type UpdateLanguageInput = z.infer<typeof UpdateLanguageSchema>;

export const LanguageResponseSchema = z.object({ status: z.literal('success'), language: LanguageSchema });
export type LanguageResponse = z.infer<typeof LanguageResponseSchema>;

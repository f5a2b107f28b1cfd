import { z } from 'zod';

/** A text the organisers write, in English and (later) Bangla. English is the fallback. */
export const LocalisedTextSchema = z.object({ en: z.string().min(1), bn: z.string().min(1).optional() });
export type LocalisedText = z.infer<typeof LocalisedTextSchema>;

export function pickLanguage(text: LocalisedText, language: string): string {
  return (language.startsWith('bn') ? text.bn : undefined) ?? text.en;
}

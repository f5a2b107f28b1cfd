import type { LocalisedText } from './schemas.ts';

export type { LocalisedText };

/** The text in the interface's language; English when the Bangla is not written yet. */
export function pickLanguage(text: LocalisedText, language: string): string {
  return (language.startsWith('bn') ? text.bn : undefined) ?? text.en;
}

import { localiseDigits } from '@ngso/shared/language';
import { i18next } from '../i18n/i18n.ts';

/**
 * A count of seconds as m:ss (the forgot-password resend countdown), in the language's digits; in its own
 * module, free of date-fns (the forgot-password page loads it).
 */
export function formatCountdown(totalSeconds: number, language: string = i18next.language): string {
  const seconds = Math.max(0, Math.ceil(totalSeconds));
  const minutes = Math.floor(seconds / 60);
  return localiseDigits(`${minutes}:${String(seconds % 60).padStart(2, '0')}`, language);
}

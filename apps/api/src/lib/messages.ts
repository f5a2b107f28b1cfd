import { messagesBn } from '@ngso/shared/messages/bn';
import { type MessageKey, messagesEn } from '@ngso/shared/messages/en';
import i18next from 'i18next';

/** The server's copy of the shared message catalogue, rendered in the user's language. */
const i18n = i18next.createInstance();

const BANGLA_DIGITS = '০১২৩৪৫৬৭৮৯';
/** Numbers in a Bangla message are written in Bangla digits ('{{minutes}}' → '১৫'). */
export const toBanglaDigits = (text: string) =>
  text.replace(/[0-9]/g, (digit) => BANGLA_DIGITS[Number(digit)] ?? digit);

void i18n.init({
  initAsync: false,
  showSupportNotice: false,
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: ['en', 'bn'],
  resources: { en: { messages: messagesEn }, bn: { messages: messagesBn } },
  defaultNS: 'messages',
  keySeparator: false,
  interpolation: {
    escapeValue: false,
    alwaysFormat: true,
    format: (value: unknown, _format: string | undefined, lng: string | undefined): string =>
      typeof value === 'number' && lng === 'bn' ? toBanglaDigits(String(value)) : (value as string),
  },
});

export type Language = 'en' | 'bn';
export const LANGUAGES: readonly Language[] = ['en', 'bn'];

export function translate(key: MessageKey | string, params?: Record<string, unknown>, lng: Language = 'en') {
  return i18n.t(key, { ...params, lng });
}

import { LANGUAGES, type Language, toBanglaDigits } from '@ngso/shared/language';
import { messagesBn } from '@ngso/shared/messages/bn';
import { type MessageKey, messagesEn } from '@ngso/shared/messages/en';
import i18next from 'i18next';

/** The server's copy of the shared message catalogue, rendered in the user's language. */
const i18n = i18next.createInstance();

void i18n.init({
  initAsync: false,
  showSupportNotice: false,
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  resources: { en: { messages: messagesEn }, bn: { messages: messagesBn } },
  defaultNS: 'messages',
  keySeparator: false,
  interpolation: {
    escapeValue: false,
    alwaysFormat: true,
    format: (value: unknown, _format: string | undefined, lng: string | undefined): string =>
      // Numbers in a Bangla message are written in Bangla digits ('{{minutes}}' → '১৫').
      typeof value === 'number' && lng === 'bn' ? toBanglaDigits(String(value)) : (value as string),
  },
});

/** Kept for the importers in modules/auth; the language list itself is @ngso/shared/language. */

export function translate(key: MessageKey | string, params?: Record<string, unknown>, lng: Language = 'en') {
  return i18n.t(key, { ...params, lng });
}

import { type MessageKey, messagesEn } from '@ngso/shared/messages/en';
import i18next from 'i18next';

/** The server's copy of the shared message catalogue, rendered in the user's language. */
const i18n = i18next.createInstance();
void i18n.init({
  initImmediate: false,
  showSupportNotice: false,
  lng: 'en',
  fallbackLng: 'en',
  resources: { en: { messages: messagesEn } },
  defaultNS: 'messages',
  interpolation: { escapeValue: false },
});

export type Language = 'en' | 'bn';

export function translate(key: MessageKey | string, params?: Record<string, unknown>, lng: Language = 'en') {
  return i18n.t(key, { ...params, lng });
}

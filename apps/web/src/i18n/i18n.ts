import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { defaultNamespace, en, namespaces } from './resources.ts';

export const SUPPORTED_LANGUAGES = ['en'] as const;

i18next.use(initReactI18next).init({
  resources: { en },
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: SUPPORTED_LANGUAGES,
  ns: namespaces,
  defaultNS: defaultNamespace,
  // Keys are flat and may contain dots ('password.min'), like the shared message catalogue.
  keySeparator: false,
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
  showSupportNotice: false,
});

// The page's language follows the interface's (screen readers, fonts, hyphenation).
const syncHtmlLang = (language: string) => {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
};
syncHtmlLang(i18next.language);
i18next.on('languageChanged', syncHtmlLang);

export { i18next };

import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  isLanguage,
  LANGUAGES,
  type Language,
  languageCookie,
  localiseDigits,
  toLanguage,
} from './languages.ts';
import { defaultNamespace, en, namespaces } from './resources.ts';

export const SUPPORTED_LANGUAGES = LANGUAGES;

/**
 * The language the page arrived in: the server writes `<html lang>` from the `lang` cookie
 * (apps/api/src/plugins/web.ts), so the first render, and hydration, use the language of the HTML.
 * Read before anything sets it.
 */
/**
 * A value written as a number: a number, or a short numeric string ('3', '75', '12:05', '2/6').
 * Longer digit strings (phone numbers, account numbers) stay as typed, to be copied as they are.
 */
const isNumeric = (value: unknown): boolean =>
  typeof value === 'number' || (typeof value === 'string' && /^\d{1,6}(?:[.:/]\d{1,6})*$/.test(value));

export const pageLanguage: Language =
  typeof document !== 'undefined' ? toLanguage(document.documentElement.lang) : 'en';

i18next.use(initReactI18next).init({
  // English is always in the bundle; Bangla is loaded on demand (loadLanguage), so English pages
  // download no Bangla text.
  resources: { en },
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: LANGUAGES,
  ns: namespaces,
  defaultNS: defaultNamespace,
  // Keys are flat and may contain dots ('password.min'), like the shared message catalogue.
  keySeparator: false,
  interpolation: {
    escapeValue: false,
    // Numbers in a text follow the language ('Page {{page}} of {{total}}' → 'পৃষ্ঠা ৩ / ১২').
    alwaysFormat: true,
    format: (value: unknown, _format: string | undefined, lng: string | undefined): string =>
      isNumeric(value) ? localiseDigits(String(value), lng ?? i18next.language) : (value as string),
  },
  initAsync: false,
  returnNull: false,
  showSupportNotice: false,
});

/** Adds the Bangla resources (a separate chunk) unless they are there already. */
export async function loadLanguage(language: Language): Promise<void> {
  if (language === 'en' || i18next.hasResourceBundle('bn', defaultNamespace)) return;
  const { bn } = await import('./resources-bn.ts');
  for (const [namespace, resources] of Object.entries(bn)) {
    i18next.addResourceBundle('bn', namespace, resources, true, true);
  }
}

/** Switches the interface to a language, loading its resources first. */
export async function applyLanguage(language: Language): Promise<void> {
  await loadLanguage(language);
  if (i18next.language !== language) await i18next.changeLanguage(language);
}

/** The interface's language as one of ours. */
export const currentLanguage = (): Language => toLanguage(i18next.language);

/** Keeps the choice for a year (the server reads it to pick the page and its messages). */
export function rememberLanguage(language: Language): void {
  if (typeof document === 'undefined') return;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in some browsers students use
  document.cookie = languageCookie(language, window.location.protocol === 'https:');
}

export { isLanguage };

// The page's language follows the interface's (screen readers, fonts, hyphenation).
i18next.on('languageChanged', (language: string) => {
  if (typeof document !== 'undefined') document.documentElement.lang = toLanguage(language);
});

export { i18next };

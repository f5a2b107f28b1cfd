import {
  isLanguage,
  LANGUAGES,
  type Language,
  languageCookie,
  localiseDigits,
  toLanguage,
} from '@ngso/shared/language';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { swapBanglaFont } from './bangla-font.ts';
import { CORE_NAMESPACES, DEFAULT_NAMESPACE, NAMESPACE_LOADERS, type Namespace } from './namespaces.ts';

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

/**
 * Reads a namespace's texts from its chunk (namespaces.ts). i18next calls it for a namespace the page
 * asks for (`loadNamespaces`, or a component's `useTranslation` that suspends) and, on a change of
 * language, for every namespace loaded so far.
 */
const chunkBackend = {
  type: 'backend' as const,
  init: () => undefined,
  read(language: string, namespace: string, callback: (error: unknown, texts: unknown) => void) {
    const load = isLanguage(language) ? NAMESPACE_LOADERS[language][namespace as Namespace] : undefined;
    if (!load) {
      callback(new Error(`no texts for ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (texts) => callback(null, texts),
      (error: unknown) => callback(error, false),
    );
  },
};

i18next
  .use(chunkBackend)
  .use(initReactI18next)
  .init({
    // Texts arrive per page and per language (namespaces.ts), so a page downloads only the texts it shows,
    // in its language. Starting in the page's language: a Bangla page never loads the English chrome.
    lng: pageLanguage,
    // English falls back to nothing else; Bangla has every key (typed and checked by i18n-check.test.ts),
    // so a Bangla page never downloads English texts as a fallback.
    fallbackLng: { bn: [], default: ['en'] },
    supportedLngs: LANGUAGES,
    ns: [...CORE_NAMESPACES],
    defaultNS: DEFAULT_NAMESPACE,
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

/**
 * Loads namespaces in the interface's language (and keeps them loaded on a change of language).
 * Routes call it with their page's code (app/router.tsx), so a page's texts are there before it renders.
 */
export async function loadNamespaces(namespaces: readonly Namespace[]): Promise<void> {
  const missing = namespaces.filter((namespace) => !i18next.hasResourceBundle(i18next.language, namespace));
  if (missing.length > 0) await i18next.loadNamespaces(missing);
}

/**
 * Switches the interface to a language, loading the texts of every namespace in use first (at start,
 * the chrome's).
 */
export async function applyLanguage(language: Language): Promise<void> {
  if (i18next.language !== language) await i18next.changeLanguage(language);
  await loadNamespaces(CORE_NAMESPACES);
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
  if (typeof document === 'undefined') return;
  const next = toLanguage(language);
  if (document.documentElement.lang !== next) swapBanglaFont();
  document.documentElement.lang = next;
});

export { i18next };

/**
 * The one language module of the web app and the server (decisions.md, 'Language'; decision 009): the
 * interface languages, Bangla digits, and the `lang` cookie (name, lifetime, how it is read and written).
 * English on a first visit; the choice is kept in the `lang` cookie (and on the account), which the server
 * reads (apps/api/src/lib/language.ts) to serve the pre-rendered page and its messages in that language.
 */
export const LANGUAGES = ['en', 'bn'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** The cookie that keeps a visitor's choice on this device, readable by the web app (not HttpOnly). */
export const LANGUAGE_COOKIE = 'lang';
export const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** 'bn', 'bn-BD' → 'bn'; anything else → 'en'. */
export const toLanguage = (value: string | null | undefined): Language =>
  value?.toLowerCase().startsWith('bn') ? 'bn' : 'en';

/** The locale for Intl (numbers): Bangla digits in Bangla. */
export const intlLocale = (language: string): string => (toLanguage(language) === 'bn' ? 'bn-BD' : 'en-US');

const BANGLA_DIGITS = '০১২৩৪৫৬৭৮৯';

/** Writes the ASCII digits of a text in Bangla digits ('10:05' → '১০:০৫'). */
export const toBanglaDigits = (text: string): string =>
  text.replace(/[0-9]/g, (digit) => BANGLA_DIGITS[Number(digit)] ?? digit);

/** Reads a text's Bangla digits as ASCII ones ('১২' → '12'). */
export const fromBanglaDigits = (text: string): string =>
  text.replace(/[০-৯]/g, (digit) => String(BANGLA_DIGITS.indexOf(digit)));

/** A number in the language's digits and grouping (১,২৩৪ in Bangla); `options` as Intl's. */
export const localiseNumber = (value: number, language: string, options?: Intl.NumberFormatOptions): string =>
  new Intl.NumberFormat(intlLocale(language), options).format(value);

/** A text's digits in the language's numerals: Bangla digits in Bangla, unchanged in English. */
export const localiseDigits = (text: string, language: string): string =>
  toLanguage(language) === 'bn' ? toBanglaDigits(text) : text;

/** The saved choice, from `document.cookie` (or a Cookie header). */
export function languageFromCookie(cookie: string | undefined): Language | undefined {
  const match = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)`).exec(cookie ?? '');
  const value = match?.[1];
  return isLanguage(value) ? value : undefined;
}

/** The cookie line that keeps the choice for a year on this site. */
export function languageCookie(language: Language, secure: boolean): string {
  return `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax${
    secure ? '; Secure' : ''
  }`;
}

import { describe, expect, it } from 'vitest';
import {
  fromBanglaDigits,
  isLanguage,
  LANGUAGE_COOKIE_MAX_AGE_SECONDS,
  LANGUAGES,
  languageCookie,
  languageFromCookie,
  localiseDigits,
  localiseNumber,
  toBanglaDigits,
  toLanguage,
} from './language.ts';

describe('the one language module', () => {
  it('knows English and Bangla', () => {
    expect(LANGUAGES).toEqual(['en', 'bn']);
    expect(isLanguage('bn')).toBe(true);
    expect(isLanguage('fr')).toBe(false);
    expect(toLanguage('bn-BD')).toBe('bn');
    expect(toLanguage('en-GB')).toBe('en');
    expect(toLanguage(undefined)).toBe('en');
  });

  it('writes digits in Bangla, and only in Bangla', () => {
    expect(toBanglaDigits('10:05, 2025')).toBe('১০:০৫, ২০২৫');
    expect(localiseDigits('Room 12', 'bn')).toBe('Room ১২');
    expect(localiseDigits('Room 12', 'en')).toBe('Room 12');
    expect(fromBanglaDigits('চিত্র ১২')).toBe('চিত্র 12');
  });

  it("writes a number in the language's digits and grouping", () => {
    expect(localiseNumber(15000, 'en')).toBe('15,000');
    expect(localiseNumber(1234, 'bn')).toBe('১,২৩৪');
    expect(localiseNumber(12.5, 'bn-BD', { minimumFractionDigits: 1 })).toBe('১২.৫');
  });

  it('reads and writes the lang cookie, kept for a year', () => {
    expect(languageFromCookie('a=1; lang=bn; b=2')).toBe('bn');
    expect(languageFromCookie('xlang=bn')).toBeUndefined();
    expect(languageFromCookie('lang=fr')).toBeUndefined();
    expect(LANGUAGE_COOKIE_MAX_AGE_SECONDS).toBe(31_536_000);
    expect(languageCookie('bn', true)).toBe('lang=bn; Path=/; Max-Age=31536000; SameSite=Lax; Secure');
    expect(languageCookie('en', false)).toBe('lang=en; Path=/; Max-Age=31536000; SameSite=Lax');
  });
});

import type { CookieSerializeOptions } from '@fastify/cookie';
import {
  isLanguage,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_SECONDS,
  type Language,
} from '@ngso/shared/language';
import type { FastifyRequest } from 'fastify';

/** The server's one reader of the visitor's language (the list and the cookie are @ngso/shared/language). */

/** The visitor's explicit choice on this device (the `lang` cookie), if any: not the browser's preference. */
export function chosenLanguage(request: FastifyRequest): Language | undefined {
  const value = request.cookies?.[LANGUAGE_COOKIE];
  return isLanguage(value) ? value : undefined;
}

/** The language of a message: the saved choice (cookie) first, then the browser's `Accept-Language`. */
export function requestLanguage(request: FastifyRequest): Language {
  return chosenLanguage(request) ?? (/^bn\b/i.test(request.headers['accept-language'] ?? '') ? 'bn' : 'en');
}

/** The language of a pre-rendered page: the saved choice, else English (decision 009: whatever the browser prefers). */
export const pageLanguage = (request: FastifyRequest): Language => chosenLanguage(request) ?? 'en';

/** How the `lang` cookie is written: for a year, the whole site, readable by the web app (not HttpOnly). */
export const languageCookieOptions = (secure: boolean): CookieSerializeOptions => ({
  path: '/',
  maxAge: LANGUAGE_COOKIE_MAX_AGE_SECONDS,
  sameSite: 'lax',
  httpOnly: false,
  secure,
});

import { messagesEn } from '@ngso/shared/messages/en';
import { about } from './locales/en/about.ts';
import { access } from './locales/en/access.ts';
import { admin } from './locales/en/admin.ts';
import { auth } from './locales/en/auth.ts';
import { common } from './locales/en/common.ts';
import { ebooks } from './locales/en/ebooks.ts';
import { events } from './locales/en/events.ts';
import { exam } from './locales/en/exam.ts';
import { footer } from './locales/en/footer.ts';
import { home } from './locales/en/home.ts';
import { nav } from './locales/en/nav.ts';
import { pages } from './locales/en/pages.ts';
import { profile } from './locales/en/profile.ts';
import { registration } from './locales/en/registration.ts';
import { results } from './locales/en/results.ts';
import { seo } from './locales/en/seo.ts';
import { team } from './locales/en/team.ts';
import { verify } from './locales/en/verify.ts';

/**
 * English resources, one namespace per feature. `messages` is the shared catalogue the server
 * and the zod schemas use. Bangla (resources-bn.ts) has the same shape, checked by the types and
 * by i18n-check.test.ts. This table types the keys (i18next.d.ts); the app loads each namespace on its
 * own, per page and language (namespaces.ts), never this module.
 */
export const en = {
  common,
  nav,
  footer,
  auth,
  access,
  home,
  about,
  events,
  team,
  seo,
  profile,
  registration,
  ebooks,
  verify,
  exam,
  pages,
  results,
  admin,
  messages: messagesEn,
} as const;

export const namespaces = Object.keys(en) as (keyof typeof en)[];
export const defaultNamespace = 'common' as const;

/** A translation of an English namespace: every key, and only those keys, with a text. */
export type Translation<T> = { readonly [K in keyof T]: string };

/** Namespaces that stay English: the organisers' console is for staff only. */
export const ENGLISH_ONLY_NAMESPACES = ['admin'] as const;
type EnglishOnly = (typeof ENGLISH_ONLY_NAMESPACES)[number];

/** The Bangla resources: every namespace but the English-only ones, every key. */
export type BanglaResources = {
  readonly [N in Exclude<keyof typeof en, EnglishOnly>]: Translation<(typeof en)[N]>;
};

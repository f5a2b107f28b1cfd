import { messagesEn } from '@ngso/shared/messages/en';
import { about } from './locales/en/about.ts';
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
import { seo } from './locales/en/seo.ts';
import { team } from './locales/en/team.ts';
import { verify } from './locales/en/verify.ts';

/**
 * English resources, one namespace per feature. `messages` is the shared catalogue the server
 * and the zod schemas use. Adding Bangla is adding a `bn` object of the same shape.
 */
export const en = {
  common,
  nav,
  footer,
  auth,
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
  messages: messagesEn,
} as const;

export const namespaces = Object.keys(en) as (keyof typeof en)[];
export const defaultNamespace = 'common' as const;

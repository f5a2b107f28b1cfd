import { messagesBn } from '@ngso/shared/messages/bn';
import { about } from './locales/bn/about.ts';
import { access } from './locales/bn/access.ts';
import { auth } from './locales/bn/auth.ts';
import { common } from './locales/bn/common.ts';
import { ebooks } from './locales/bn/ebooks.ts';
import { events } from './locales/bn/events.ts';
import { exam } from './locales/bn/exam.ts';
import { footer } from './locales/bn/footer.ts';
import { home } from './locales/bn/home.ts';
import { nav } from './locales/bn/nav.ts';
import { pages } from './locales/bn/pages.ts';
import { profile } from './locales/bn/profile.ts';
import { registration } from './locales/bn/registration.ts';
import { results } from './locales/bn/results.ts';
import { seo } from './locales/bn/seo.ts';
import { team } from './locales/bn/team.ts';
import { verify } from './locales/bn/verify.ts';
import type { BanglaResources } from './resources.ts';

/**
 * All the Bangla resources in one table. The type makes a namespace or key that English has and Bangla
 * lacks a type error; i18n-check.test.ts reads it. The app does not load this module: it loads each
 * namespace on its own (namespaces.ts).
 */
export const bn: BanglaResources = {
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
  messages: messagesBn,
};

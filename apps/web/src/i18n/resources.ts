import { messagesEn } from '@ngso/shared/messages/en';
import { auth } from './locales/en/auth.ts';
import { common } from './locales/en/common.ts';
import { footer } from './locales/en/footer.ts';
import { home } from './locales/en/home.ts';
import { nav } from './locales/en/nav.ts';
import { pages } from './locales/en/pages.ts';
import { profile } from './locales/en/profile.ts';

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
  profile,
  pages,
  messages: messagesEn,
} as const;

export const namespaces = Object.keys(en) as (keyof typeof en)[];
export const defaultNamespace = 'common' as const;

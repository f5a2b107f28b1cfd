import type { Language } from '@ngso/shared/language';
import type { en } from './resources.ts';

/**
 * The texts, one namespace per feature, loaded per language and per page
 * (docs/decisions/013-first-load.md): the three namespaces of the chrome around every page are one small
 * chunk per language; every other namespace is a chunk of its own, loaded with the routes that use it
 * (app/router.tsx) or, failing that, when a component first asks for it (react-i18next suspends until
 * it is there). No language's texts are in the first chunk, so a page downloads only its own language.
 */
export type Namespace = keyof typeof en;
type Texts = Readonly<Record<string, string>>;
type Loader = () => Promise<Texts>;

/** The namespace of `t()` without one. */
export const DEFAULT_NAMESPACE = 'common' as const satisfies Namespace;

/** The chrome's namespaces (navigation bar, footer, loading and error screens): always loaded. */
export const CORE_NAMESPACES = ['common', 'nav', 'footer'] as const satisfies readonly Namespace[];

const enCore = () => import('./locales/en/core.ts');
const bnCore = () => import('./locales/bn/core.ts');

/** Every namespace of every language, each a dynamic import (so a chunk of its own). */
export const NAMESPACE_LOADERS: Record<Language, Record<Namespace, Loader>> = {
  en: {
    common: () => enCore().then((m) => m.common),
    nav: () => enCore().then((m) => m.nav),
    footer: () => enCore().then((m) => m.footer),
    auth: () => import('./locales/en/auth.ts').then((m) => m.auth),
    access: () => import('./locales/en/access.ts').then((m) => m.access),
    home: () => import('./locales/en/home.ts').then((m) => m.home),
    about: () => import('./locales/en/about.ts').then((m) => m.about),
    events: () => import('./locales/en/events.ts').then((m) => m.events),
    team: () => import('./locales/en/team.ts').then((m) => m.team),
    seo: () => import('./locales/en/seo.ts').then((m) => m.seo),
    profile: () => import('./locales/en/profile.ts').then((m) => m.profile),
    registration: () => import('./locales/en/registration.ts').then((m) => m.registration),
    ebooks: () => import('./locales/en/ebooks.ts').then((m) => m.ebooks),
    verify: () => import('./locales/en/verify.ts').then((m) => m.verify),
    exam: () => import('./locales/en/exam.ts').then((m) => m.exam),
    pages: () => import('./locales/en/pages.ts').then((m) => m.pages),
    results: () => import('./locales/en/results.ts').then((m) => m.results),
    admin: () => import('./locales/en/admin.ts').then((m) => m.admin),
    messages: () => import('@ngso/shared/messages/en').then((m) => m.messagesEn),
  },
  bn: {
    common: () => bnCore().then((m) => m.common),
    nav: () => bnCore().then((m) => m.nav),
    footer: () => bnCore().then((m) => m.footer),
    auth: () => import('./locales/bn/auth.ts').then((m) => m.auth),
    access: () => import('./locales/bn/access.ts').then((m) => m.access),
    home: () => import('./locales/bn/home.ts').then((m) => m.home),
    about: () => import('./locales/bn/about.ts').then((m) => m.about),
    events: () => import('./locales/bn/events.ts').then((m) => m.events),
    team: () => import('./locales/bn/team.ts').then((m) => m.team),
    seo: () => import('./locales/bn/seo.ts').then((m) => m.seo),
    profile: () => import('./locales/bn/profile.ts').then((m) => m.profile),
    registration: () => import('./locales/bn/registration.ts').then((m) => m.registration),
    ebooks: () => import('./locales/bn/ebooks.ts').then((m) => m.ebooks),
    verify: () => import('./locales/bn/verify.ts').then((m) => m.verify),
    exam: () => import('./locales/bn/exam.ts').then((m) => m.exam),
    pages: () => import('./locales/bn/pages.ts').then((m) => m.pages),
    results: () => import('./locales/bn/results.ts').then((m) => m.results),
    // The organisers' console stays English (ENGLISH_ONLY_NAMESPACES).
    admin: () => import('./locales/en/admin.ts').then((m) => m.admin),
    messages: () => import('@ngso/shared/messages/bn').then((m) => m.messagesBn),
  },
};

/** Every namespace, e.g. to load them all (the pre-renderer, the tests). */
export const ALL_NAMESPACES = Object.keys(NAMESPACE_LOADERS.en) as Namespace[];

/**
 * The module a namespace's texts are in, relative to apps/web (the pre-renderer finds its chunk in
 * Vite's manifest by it). Must match NAMESPACE_LOADERS.
 */
export function namespaceSource(language: Language, namespace: Namespace): string {
  if (namespace === 'messages') return `../../packages/shared/src/messages/${language}.ts`;
  if ((CORE_NAMESPACES as readonly string[]).includes(namespace))
    return `src/i18n/locales/${language}/core.ts`;
  if (language === 'bn' && namespace === 'admin') return 'src/i18n/locales/en/admin.ts';
  return `src/i18n/locales/${language}/${namespace}.ts`;
}

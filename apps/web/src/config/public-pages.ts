import { paths } from './paths.ts';

/** Keys of the `seo` namespace: each page's title and description. */
export type PageMetaKey =
  | 'home'
  | 'about'
  | 'events'
  | 'team'
  | 'comingSoon'
  | 'login'
  | 'register'
  | 'forgotPassword'
  | 'resetPassword'
  | 'notFound';

/**
 * The public pages that are pre-rendered to HTML at build time (docs/decisions/005-prerendering.md) and
 * listed in sitemap.xml. `module` is the route module under src/app/routes/ (its code is preloaded).
 */
export const PRERENDERED_PAGES: readonly {
  path: string;
  meta: PageMetaKey;
  module: string;
  sitemap: boolean;
}[] = [
  { path: paths.home, meta: 'home', module: 'home', sitemap: true },
  { path: paths.about, meta: 'about', module: 'about', sitemap: true },
  { path: paths.events, meta: 'events', module: 'events', sitemap: true },
  { path: paths.team, meta: 'team', module: 'team', sitemap: true },
  { path: paths.comingSoon, meta: 'comingSoon', module: 'coming-soon', sitemap: true },
  { path: paths.login, meta: 'login', module: 'login', sitemap: true },
  { path: paths.register, meta: 'register', module: 'register', sitemap: true },
  { path: paths.forgotPassword, meta: 'forgotPassword', module: 'forgot-password', sitemap: false },
  // The same HTML for every mailed link: the page reads the link's query once started.
  { path: paths.resetPassword, meta: 'resetPassword', module: 'reset-password', sitemap: false },
];

import { paths } from './paths.ts';

/** The most script any of these pages may load, in KiB (issue 46). */
export const SCRIPT_GOAL_KIB = 120;

/**
 * What each script's response adds to its compressed bytes as a phone receives it through the site's nginx
 * over HTTP/2, and as Lighthouse counts a page's script (issue 46's measure): its headers and the frames of its
 * body. Measured 231 to 250 bytes on every script up to 9 KiB, 341 on the 96 KiB `framework` chunk
 * (docs/performance.md; docs/decisions/079-script-files-counted-with-their-headers.md). A page of many small
 * files pays it for each.
 */
export const RESPONSE_BYTES_PER_SCRIPT = 240;

/**
 * The most script, compressed with Brotli as the server sends it and with each file's response headers
 * (RESPONSE_BYTES_PER_SCRIPT), that each public and sign-in page may load before it is ready
 * (docs/decisions/069-script-budget-per-route.md, 079). The build adds up the chunks of
 * the shell's entry, the app (src/main.tsx), the page's route module (src/app/routes/<module>.tsx) and the
 * texts it names (the chrome's and `namespaces`, in each language), and fails when a page passes its budget.
 * `namespaces` must match the route's in app/router.tsx (a test checks it).
 *
 * The goal is 120 KiB for every one of these pages (issue 46), as Lighthouse counts it (bodies and headers),
 * and every one reaches it (decisions 072, 075 and 079): each budget is the page's heavier language rounded
 * up to the next KiB, plus one, and never over the goal (docs/performance.md, "Script per page"). The sign-in
 * forms load no form library: their checks and their call come when first used (lib/native-form.ts); the
 * home page's last sections come when the reader nears them (lib/deferred-section.tsx). A page that grows
 * past its budget, or loads more files, fails the build.
 */
export const ROUTE_BUDGETS: readonly {
  path: string;
  module: string;
  namespaces: readonly string[];
  budgetKiB: number;
}[] = [
  { path: paths.home, module: 'home', namespaces: ['home'], budgetKiB: 120 },
  { path: paths.about, module: 'about', namespaces: ['about'], budgetKiB: 117 },
  { path: paths.events, module: 'events', namespaces: ['events'], budgetKiB: 116 },
  { path: paths.team, module: 'team', namespaces: ['team'], budgetKiB: 115 },
  { path: paths.comingSoon, module: 'coming-soon', namespaces: ['events'], budgetKiB: 115 },
  { path: paths.login, module: 'login', namespaces: ['auth'], budgetKiB: 120 },
  {
    path: paths.register,
    module: 'register',
    namespaces: ['auth'],
    budgetKiB: 120,
  },
  {
    path: paths.forgotPassword,
    module: 'forgot-password',
    namespaces: ['auth'],
    budgetKiB: 120,
  },
  {
    path: paths.resetPassword,
    module: 'reset-password',
    namespaces: ['auth'],
    budgetKiB: 120,
  },
];

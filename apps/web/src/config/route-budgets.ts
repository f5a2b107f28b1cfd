import { paths } from './paths.ts';

/** The most script any of these pages may load, in KiB (issue 46). */
export const SCRIPT_GOAL_KIB = 120;

/**
 * The most script, compressed with Brotli as the server sends it, that each public and sign-in page may
 * load before it is ready (docs/decisions/069-script-budget-per-route.md). The build adds up the chunks of
 * the shell's entry, the app (src/main.tsx), the page's route module (src/app/routes/<module>.tsx) and the
 * texts it names (the chrome's and `namespaces`, in each language), and fails when a page passes its budget.
 * `namespaces` must match the route's in app/router.tsx (a test checks it).
 *
 * The goal is 120 KiB for every one of these pages (issue 46), and every one reaches it (decisions 072 and
 * 075): each budget is the page's heavier language rounded up to the next KiB, plus one, and never over the
 * goal (docs/performance.md, "Script per page"). The sign-in forms load no form library: their checks and
 * their call come when first used (lib/native-form.ts). A page that grows past its budget fails the build.
 */
export const ROUTE_BUDGETS: readonly {
  path: string;
  module: string;
  namespaces: readonly string[];
  budgetKiB: number;
}[] = [
  { path: paths.home, module: 'home', namespaces: ['home'], budgetKiB: 120 },
  { path: paths.about, module: 'about', namespaces: ['about'], budgetKiB: 115 },
  { path: paths.events, module: 'events', namespaces: ['events'], budgetKiB: 115 },
  { path: paths.team, module: 'team', namespaces: ['team'], budgetKiB: 114 },
  { path: paths.comingSoon, module: 'coming-soon', namespaces: ['events'], budgetKiB: 114 },
  { path: paths.login, module: 'login', namespaces: ['auth'], budgetKiB: 118 },
  {
    path: paths.register,
    module: 'register',
    namespaces: ['auth'],
    budgetKiB: 119,
  },
  {
    path: paths.forgotPassword,
    module: 'forgot-password',
    namespaces: ['auth'],
    budgetKiB: 119,
  },
  {
    path: paths.resetPassword,
    module: 'reset-password',
    namespaces: ['auth'],
    budgetKiB: 120,
  },
];

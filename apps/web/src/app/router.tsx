import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { paths } from '../config/paths.ts';
import { loadNamespaces } from '../i18n/i18n.ts';
import type { Namespace } from '../i18n/namespaces.ts';
import type { StoreLike } from '../lib/live-store.ts';
import { storesSettled } from '../lib/live-store.ts';
import { LoadingScreen } from './layout/loading-screen.tsx';
import { GuestOnly, RequireAuth } from './layout/require-auth.tsx';
import { RootLayout } from './layout/root-layout.tsx';
import { RouteError } from './layout/route-error.tsx';
import { giveLoadersStore } from './router-context.ts';
import type { RootState } from './store.ts';

/** What a route tells about its page: the namespaces of its texts (the pre-renderer preloads them too). */
export type PageHandle = { namespaces: readonly Namespace[] };

/**
 * A page loaded when first needed: its code and its texts in the interface's language, in parallel
 * (docs/decisions/013-first-load.md). A page that loaded the API (its calls) waits for the real store too
 * (docs/decisions/072-guest-page-without-the-store.md).
 */
function page<Module extends object>(
  namespaces: readonly Namespace[],
  load: () => Promise<Module>,
): { handle: PageHandle; lazy: () => Promise<Module> } {
  return {
    handle: { namespaces },
    lazy: async () => {
      const [module] = await Promise.all([load(), loadNamespaces(namespaces)]);
      await storesSettled();
      return module;
    },
  };
}

/**
 * Every route of the spec's route table (section 2), each page's code and texts loaded when first needed.
 * Protected pages sit under RequireAuth; /login and /register under GuestOnly.
 */
export const routes: RouteObject[] = [
  {
    path: paths.home,
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <LoadingScreen />,
    children: [
      { index: true, ...page(['home'], () => import('./routes/home.tsx')) },
      { path: paths.about, ...page(['about'], () => import('./routes/about.tsx')) },
      { path: paths.events, ...page(['events'], () => import('./routes/events.tsx')) },
      { path: paths.team, ...page(['team'], () => import('./routes/team.tsx')) },
      { path: paths.comingSoon, ...page(['events'], () => import('./routes/coming-soon.tsx')) },
      {
        element: <GuestOnly />,
        children: [
          {
            path: paths.register,
            ...page(['auth'], () => import('./routes/register.tsx')),
          },
          { path: paths.login, ...page(['auth'], () => import('./routes/login.tsx')) },
        ],
      },
      {
        path: paths.forgotPassword,
        ...page(['auth'], () => import('./routes/forgot-password.tsx')),
      },
      {
        path: paths.resetPassword,
        ...page(['auth'], () => import('./routes/reset-password.tsx')),
      },
      {
        path: paths.verifyEmail,
        ...page(['access', 'messages'], () => import('./routes/verify-email.tsx')),
      },
      {
        path: paths.acceptInvitation,
        ...page(['access', 'auth', 'messages'], () => import('./routes/accept-invitation.tsx')),
      },
      { path: paths.verifyReceipt, ...page(['verify'], () => import('./routes/verify-receipt.tsx')) },
      { path: paths.verify, ...page(['verify'], () => import('./routes/verify.tsx')) },
      {
        element: <RequireAuth />,
        children: [
          {
            path: paths.profile,
            ...page(['profile', 'registration', 'messages'], () => import('./routes/profile.tsx')),
          },
          {
            path: paths.twoFactor,
            ...page(['access', 'auth', 'messages'], () => import('./routes/two-factor.tsx')),
          },
          { path: paths.myPdfs, ...page(['ebooks'], () => import('./routes/my-pdfs.tsx')) },
          { path: paths.finalExam, ...page(['exam'], () => import('./routes/final-exam.tsx')) },
          {
            path: paths.submissionSuccess,
            ...page(['exam'], () => import('./routes/submission-success.tsx')),
          },
          { path: paths.examCountdown, ...page(['exam'], () => import('./routes/exam-countdown.tsx')) },
          { path: paths.practiceExam, ...page(['exam'], () => import('./routes/practice-exam.tsx')) },
          // The spec: /daily-quiz is the same screen as /national-round-result.
          {
            path: paths.dailyQuiz,
            ...page(['results', 'pages', 'messages'], () => import('./routes/national-round-result.tsx')),
          },
          {
            path: paths.nationalRoundResult,
            ...page(['results', 'pages', 'messages'], () => import('./routes/national-round-result.tsx')),
          },
          {
            path: paths.nationalRoundRegistration,
            ...page(['registration', 'messages'], () => import('./routes/national-round-registration.tsx')),
          },
          {
            path: paths.nationalRoundRegistrationComplete,
            ...page(['registration'], () => import('./routes/national-round-registration-complete.tsx')),
          },
          {
            path: paths.admin,
            ...page(['admin'], () => import('./routes/admin.tsx')),
            children: [
              { index: true, ...page(['admin'], () => import('./routes/admin-dashboard.tsx')) },
              {
                path: paths.adminRegistrations,
                ...page(['admin'], () => import('./routes/admin-registrations.tsx')),
              },
              { path: paths.adminExam, ...page(['admin'], () => import('./routes/admin-exam.tsx')) },
              {
                path: paths.adminGrading,
                ...page(['admin', 'messages'], () => import('./routes/admin-grading.tsx')),
              },
              {
                path: paths.adminResults,
                ...page(['admin', 'messages'], () => import('./routes/admin-results.tsx')),
              },
              {
                path: paths.adminRechecks,
                ...page(['admin', 'messages'], () => import('./routes/admin-rechecks.tsx')),
              },
              {
                path: paths.adminArrivals,
                ...page(['admin'], () => import('./routes/admin-arrivals.tsx')),
              },
              {
                path: paths.adminLatePhotos,
                ...page(['admin'], () => import('./routes/admin-late-photos.tsx')),
              },
              {
                path: paths.adminLookAlikes,
                ...page(['admin'], () => import('./routes/admin-look-alikes.tsx')),
              },
              { path: paths.adminImport, ...page(['admin'], () => import('./routes/admin-import.tsx')) },
              { path: paths.adminUsers, ...page(['admin'], () => import('./routes/admin-users.tsx')) },
              { path: paths.adminAudit, ...page(['admin'], () => import('./routes/admin-audit.tsx')) },
              { path: paths.adminEbooks, ...page(['admin'], () => import('./routes/admin-ebooks.tsx')) },
              {
                path: paths.adminTutorials,
                ...page(['admin', 'messages'], () => import('./routes/admin-tutorials.tsx')),
              },
              {
                path: paths.adminAnnouncements,
                ...page(['admin', 'messages'], () => import('./routes/admin-announcements.tsx')),
              },
              {
                path: paths.adminCompetitions,
                ...page(['admin'], () => import('./routes/admin-competitions.tsx')),
              },
            ],
          },
        ],
      },
      { path: '*', ...page([], () => import('./routes/not-found.tsx')) },
    ],
  },
];

/** The browser's router; with the store, which its loaders use (app/router-context.ts). */
export function createAppRouter(store?: StoreLike<RootState>) {
  if (store) giveLoadersStore(store);
  return createBrowserRouter(routes);
}

/** The namespaces the pages matching `pathname` need (the pre-renderer preloads their chunks). */
export function namespacesFor(pathname: string): Namespace[] {
  const matches = matchRoutes(routes, pathname) ?? [];
  return matches.flatMap(({ route }) => (route.handle as PageHandle | undefined)?.namespaces ?? []);
}

/**
 * Loads the code and texts of the routes that match `pathname` and puts the code in place of their
 * `lazy`, so that a pre-rendered page hydrates with the same tree the server rendered (no loading screen
 * in between).
 */
export async function loadRoutesFor(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      const lazy = route.lazy;
      if (typeof lazy !== 'function') return;
      const module = await lazy();
      Object.assign(route, { ...module, lazy: undefined });
    }),
  );
}

import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { paths } from '../config/paths.ts';
import { LoadingScreen } from './layout/loading-screen.tsx';
import { GuestOnly, RequireAuth } from './layout/require-auth.tsx';
import { RootLayout } from './layout/root-layout.tsx';
import { RouteError } from './layout/route-error.tsx';

/**
 * Every route of the spec's route table (section 2), each page's code loaded when first needed.
 * Protected pages sit under RequireAuth; /login and /register under GuestOnly.
 */
export const routes: RouteObject[] = [
  {
    path: paths.home,
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <LoadingScreen />,
    children: [
      { index: true, lazy: () => import('./routes/home.tsx') },
      { path: paths.about, lazy: () => import('./routes/about.tsx') },
      { path: paths.events, lazy: () => import('./routes/events.tsx') },
      { path: paths.team, lazy: () => import('./routes/team.tsx') },
      { path: paths.comingSoon, lazy: () => import('./routes/coming-soon.tsx') },
      {
        element: <GuestOnly />,
        children: [
          { path: paths.register, lazy: () => import('./routes/register.tsx') },
          { path: paths.login, lazy: () => import('./routes/login.tsx') },
        ],
      },
      { path: paths.forgotPassword, lazy: () => import('./routes/forgot-password.tsx') },
      { path: paths.resetPassword, lazy: () => import('./routes/reset-password.tsx') },
      { path: paths.verify, lazy: () => import('./routes/verify.tsx') },
      {
        element: <RequireAuth />,
        children: [
          { path: paths.profile, lazy: () => import('./routes/profile.tsx') },
          { path: paths.myPdfs, lazy: () => import('./routes/my-pdfs.tsx') },
          { path: paths.finalExam, lazy: () => import('./routes/final-exam.tsx') },
          { path: paths.submissionSuccess, lazy: () => import('./routes/submission-success.tsx') },
          { path: paths.examCountdown, lazy: () => import('./routes/exam-countdown.tsx') },
          { path: paths.practiceExam, lazy: () => import('./routes/practice-exam.tsx') },
          // The spec: /daily-quiz is the same screen as /national-round-result.
          { path: paths.dailyQuiz, lazy: () => import('./routes/national-round-result.tsx') },
          { path: paths.nationalRoundResult, lazy: () => import('./routes/national-round-result.tsx') },
          {
            path: paths.nationalRoundRegistration,
            lazy: () => import('./routes/national-round-registration.tsx'),
          },
          {
            path: paths.nationalRoundRegistrationComplete,
            lazy: () => import('./routes/national-round-registration-complete.tsx'),
          },
          {
            path: paths.admin,
            lazy: () => import('./routes/admin.tsx'),
            children: [
              { index: true, lazy: () => import('./routes/admin-dashboard.tsx') },
              { path: paths.adminRegistrations, lazy: () => import('./routes/admin-registrations.tsx') },
              { path: paths.adminExam, lazy: () => import('./routes/admin-exam.tsx') },
              { path: paths.adminGrading, lazy: () => import('./routes/admin-grading.tsx') },
              { path: paths.adminResults, lazy: () => import('./routes/admin-results.tsx') },
              { path: paths.adminImport, lazy: () => import('./routes/admin-import.tsx') },
              { path: paths.adminUsers, lazy: () => import('./routes/admin-users.tsx') },
              { path: paths.adminAudit, lazy: () => import('./routes/admin-audit.tsx') },
            ],
          },
        ],
      },
      { path: '*', lazy: () => import('./routes/not-found.tsx') },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);

/**
 * Loads the code of the routes that match `pathname` and puts it in place of their `lazy`, so that a
 * pre-rendered page hydrates with the same tree the server rendered (no loading screen in between).
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

import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { Outlet, useLocation } from 'react-router';
import { OFFLINE_NAVIGATION } from '../../config/offline-pages.ts';
import { paths, TRANSPARENT_NAV_PATHS } from '../../config/paths.ts';
import { selectAuth, setLoggingOut } from '../../features/auth/auth-state.ts';
import { registerServiceWorker } from '../../lib/service-worker.ts';
import { Footer } from './footer.tsx';
import { LoggingOutScreen } from './logging-out-screen.tsx';
import { Navbar } from './navbar.tsx';
import { ScrollManager } from './scroll-manager.tsx';

/** Pages whose dark hero runs under the transparent navigation bar. */
function heroUnderNav(pathname: string): boolean {
  return pathname === paths.home || TRANSPARENT_NAV_PATHS.includes(pathname);
}

/** The chrome around every page: navigation bar, page, footer. */
export function RootLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const dispatch = useDispatch();
  const { loggingOut, isAuthenticated } = useSelector(selectAuth);

  // Logging out ends when the signed-out home page is on screen.
  useEffect(() => {
    if (loggingOut && !isAuthenticated && pathname === paths.home) dispatch(setLoggingOut(false));
  }, [loggingOut, isAuthenticated, pathname, dispatch]);

  // The exam's pages open offline once visited: the service worker is installed from them only, so a
  // visitor of the public pages downloads none of its cache (docs/decisions/060-offline-exam-pages.md).
  useEffect(() => {
    if (OFFLINE_NAVIGATION.test(pathname)) registerServiceWorker();
  }, [pathname]);
  return (
    <div className="flex min-h-dvh flex-col bg-white text-slate-900">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 text-slate-900 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t('skipToContent')}
      </a>
      <ScrollManager />
      <Navbar />
      <main
        id="main"
        tabIndex={-1}
        className={`flex-1 focus:outline-none ${heroUnderNav(pathname) ? '' : 'pt-16'}`}
      >
        <Outlet />
      </main>
      <Footer />
      {loggingOut ? <LoggingOutScreen /> : null}
    </div>
  );
}

import { MOBILE_MENU_MAX_HEIGHT_PX, NAV_SCROLL_THRESHOLD_PX } from '@ngso/shared/constants';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { Link, NavLink, useLocation } from 'react-router';
import { paths, TRANSPARENT_NAV_PATHS } from '../../config/paths.ts';
import { pickLanguage } from '../../content/localised.ts';
import { organiser } from '../../content/organiser.ts';
import { selectAuth } from '../../features/auth/auth-state.ts';
import { LanguageSwitcher } from './language-switcher.tsx';
import { useScrolledPast } from './use-scrolled-past.ts';

/** The signed-in user's menus: loaded only when somebody is signed in (account-nav.tsx). */
const loadAccountNav = () => import('./account-nav.tsx');
const DesktopAccount = lazy(() => loadAccountNav().then((m) => ({ default: m.DesktopAccount })));
const MobileAccount = lazy(() => loadAccountNav().then((m) => ({ default: m.MobileAccount })));

/** The collapsible menu of small screens (one navigation bar per page). */
const MOBILE_MENU_ID = 'mobile-menu';

export type NavStyle = 'transparent' | 'solid';

/** Spec section 2: transparent with light text on / until scrolled past 10 px, and always on the auth pages. */
export function navStyleFor(pathname: string, scrolled: boolean): NavStyle {
  if (TRANSPARENT_NAV_PATHS.includes(pathname)) return 'transparent';
  if (pathname === paths.home && !scrolled) return 'transparent';
  return 'solid';
}

const LINKS = [
  { to: paths.home, key: 'home' },
  { to: paths.about, key: 'about' },
  { to: paths.events, key: 'events' },
  { to: paths.team, key: 'team' },
] as const;

export function Navbar() {
  const { t, i18n } = useTranslation('nav');
  const { pathname } = useLocation();
  const scrolled = useScrolledPast(NAV_SCROLL_THRESHOLD_PX);
  const { user, isAuthenticated, profileImage } = useSelector(selectAuth);
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);

  const style = navStyleFor(pathname, scrolled);
  const transparent = style === 'transparent';
  const signedInUser = isAuthenticated ? user : null;
  const imageUrl = profileImage ?? signedInUser?.profile_image ?? null;

  // The mobile menu closes when the page changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation
  useEffect(() => setMenuOpen(false), [pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') {
        setMenuOpen(false);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  const linkClasses = ({ isActive }: { isActive: boolean }) =>
    `rounded-md px-2 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-sky-400 ${
      transparent
        ? `${isActive ? 'text-white' : 'text-white/80'} hover:text-white`
        : `${isActive ? 'text-sky-700' : 'text-slate-700'} hover:text-sky-700`
    }`;

  const mobileLinkClasses = ({ isActive }: { isActive: boolean }) =>
    `block rounded-md px-3 py-3 text-base font-medium focus-visible:outline-2 focus-visible:outline-sky-400 ${
      transparent
        ? `${isActive ? 'bg-white/10 text-white' : 'text-white/85'} hover:bg-white/10`
        : `${isActive ? 'bg-sky-50 text-sky-700' : 'text-slate-800'} hover:bg-slate-100`
    }`;

  const registerClasses =
    'inline-flex min-h-11 items-center rounded-lg bg-sky-700 px-4 text-sm font-semibold text-white hover:bg-sky-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-400';

  return (
    <header
      data-nav-style={style}
      data-testid="navbar"
      className={`fixed inset-x-0 top-0 z-40 px-4 transition-colors duration-200 ${
        transparent
          ? menuOpen
            ? 'bg-slate-950/95 text-white'
            : 'bg-transparent text-white'
          : 'bg-white/95 text-slate-900 shadow-sm backdrop-blur'
      }`}
    >
      <nav aria-label={t('mainNavigation')} className="mx-auto flex h-16 max-w-6xl items-center gap-4">
        <Link
          to={paths.home}
          aria-label={t('homeLink', { name: pickLanguage(organiser.name, i18n.language) })}
          className="flex min-h-11 items-center gap-2 rounded-md text-lg font-extrabold tracking-wide focus-visible:outline-2 focus-visible:outline-sky-400"
        >
          <img src="/favicon.svg" alt="" className="size-8" />
          <span>{organiser.shortName}</span>
        </Link>

        <ul className="ml-auto hidden items-center gap-2 md:flex">
          {LINKS.map((link) => (
            <li key={link.key}>
              <NavLink to={link.to} end className={linkClasses}>
                {t(link.key)}
              </NavLink>
            </li>
          ))}
        </ul>

        <LanguageSwitcher transparent={transparent} className="hidden md:flex" />

        {/* A fixed-width slot: the avatar that replaces Register after hydration moves nothing. */}
        <div className="hidden w-60 shrink-0 justify-end md:flex">
          {signedInUser ? (
            <Suspense fallback={null}>
              <DesktopAccount user={signedInUser} imageUrl={imageUrl} transparent={transparent} />
            </Suspense>
          ) : (
            <Link to={paths.register} className={registerClasses}>
              {t('register')}
            </Link>
          )}
        </div>

        <button
          ref={toggleRef}
          type="button"
          className={`ml-auto inline-flex size-11 items-center justify-center rounded-md focus-visible:outline-2 focus-visible:outline-sky-400 md:hidden ${
            transparent ? 'text-white hover:bg-white/10' : 'text-slate-800 hover:bg-slate-100'
          }`}
          aria-expanded={menuOpen}
          aria-controls={MOBILE_MENU_ID}
          aria-label={menuOpen ? t('closeMenu') : t('openMenu')}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <svg
            viewBox="0 0 24 24"
            className="size-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            {menuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
        </button>
      </nav>

      {menuOpen ? (
        <div
          id={MOBILE_MENU_ID}
          data-testid="mobile-menu"
          className={`overflow-y-auto border-t pb-4 md:hidden ${
            transparent ? 'border-white/10' : 'border-slate-200 bg-white'
          }`}
          style={{ maxHeight: MOBILE_MENU_MAX_HEIGHT_PX }}
        >
          <ul className="flex flex-col gap-1 pt-2">
            {LINKS.map((link) => (
              <li key={link.key}>
                <NavLink to={link.to} end className={mobileLinkClasses}>
                  {t(link.key)}
                </NavLink>
              </li>
            ))}
          </ul>
          <LanguageSwitcher transparent={transparent} className="flex px-3 pt-2" />
          <div className={`mt-2 border-t pt-3 ${transparent ? 'border-white/10' : 'border-slate-200'}`}>
            {signedInUser ? (
              <Suspense fallback={null}>
                <MobileAccount
                  user={signedInUser}
                  imageUrl={imageUrl}
                  linkClasses={mobileLinkClasses}
                  onLeave={() => setMenuOpen(false)}
                />
              </Suspense>
            ) : (
              <Link to={paths.register} className={`${registerClasses} w-full justify-center`}>
                {t('register')}
              </Link>
            )}
          </div>
        </div>
      ) : null}
    </header>
  );
}

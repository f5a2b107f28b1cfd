import { useSelector } from 'react-redux';
import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '../../config/paths.ts';
import { selectAuth, selectIsAuthenticated } from '../../features/auth/auth-state.ts';

/** Where a visitor was going before being asked to log in. */
export type FromState = { from?: { pathname: string; search?: string; hash?: string } };

/** Protected routes: a signed-out visitor goes to /login and comes back after logging in. */
export function RequireAuth() {
  const { isAuthenticated, loggingOut } = useSelector(selectAuth);
  const location = useLocation();
  // Logging out leaves for the home page under the Logging out screen; no detour via /login.
  if (!isAuthenticated && loggingOut) return null;
  if (!isAuthenticated) {
    const state: FromState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
    };
    return <Navigate to={paths.login} replace state={state} />;
  }
  return <Outlet />;
}

/** The page to go to after logging in: the one the visitor wanted, else the profile. */
export function afterLoginTarget(state: unknown): string {
  const from = (state as FromState | null)?.from;
  if (!from?.pathname || from.pathname === paths.login || from.pathname === paths.register) {
    return paths.profile;
  }
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

/** Login and register: a signed-in visitor goes on to where they were going. */
export function GuestOnly() {
  const isAuthenticated = useSelector(selectIsAuthenticated);
  const location = useLocation();
  if (isAuthenticated) return <Navigate to={afterLoginTarget(location.state)} replace />;
  return <Outlet />;
}

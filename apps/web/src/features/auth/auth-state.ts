import type { User } from '@ngso/shared/schemas/auth';

/**
 * The auth state's shape, its start and what the chrome reads of it, apart from the slice (slice.ts) and
 * so from Redux Toolkit: a guest's first page reads who is signed in without loading the store
 * (docs/decisions/072-guest-page-without-the-store.md).
 */

/** Spec section 3 and 4: the auth state. Sessions are cookies, so `token` stays null. */
export type AuthState = {
  user: User | null;
  token: string | null;
  isAuthenticated: boolean;
  loading: boolean;
  error: unknown;
  profileImage: string | null;
  loggingOut: boolean;
};

export const initialAuthState: AuthState = {
  user: null,
  token: null,
  isAuthenticated: false,
  loading: false,
  error: null,
  profileImage: null,
  loggingOut: false,
};

const SET_LOGGING_OUT = 'auth/setLoggingOut';

/** The Logging out screen on or off (the slice follows it; a plain action, so the chrome needs no Redux Toolkit). */
export const setLoggingOut = Object.assign(
  (loggingOut: boolean) => ({ type: SET_LOGGING_OUT, payload: loggingOut }),
  { type: SET_LOGGING_OUT } as const,
);

type WithAuth = { auth: AuthState };
export const selectAuth = (state: WithAuth) => state.auth;
export const selectIsAuthenticated = (state: WithAuth) => state.auth.isAuthenticated;
export const selectUser = (state: WithAuth) => state.auth.user;

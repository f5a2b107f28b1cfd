import type { AuthState } from './slice.ts';

/**
 * Who is signed in, kept in localStorage across reloads (decisions.md: the auth state is persisted), read
 * synchronously when the store is made and written when it changes. A short replacement of redux-persist
 * (docs/decisions/013-first-load.md) that keeps its key and format, so a session saved by the earlier
 * build is still read: `persist:ngso` holds `{"auth": "<JSON of the auth fields>", "_persist": "…"}`.
 * Browsers where storage is unavailable or full (private modes, old Android WebViews) simply do not
 * remember the session.
 */
export const PERSIST_KEY = 'persist:ngso';

/** The fields kept: who is signed in, not the flags of a request in flight (a reload mid-logout must not hang). */
export type PersistedAuth = Pick<AuthState, 'user' | 'token' | 'isAuthenticated' | 'profileImage'>;

function attempt<T>(action: () => T, fallback: T): T {
  try {
    return action();
  } catch {
    return fallback;
  }
}

const persistedFields = (auth: AuthState): PersistedAuth => ({
  user: auth.user,
  token: auth.token,
  isAuthenticated: auth.isAuthenticated,
  profileImage: auth.profileImage,
});

/** The saved auth fields, or undefined when there are none (or they cannot be read). */
export function readPersistedAuth(): Partial<PersistedAuth> | undefined {
  return attempt(() => {
    const raw = window.localStorage.getItem(PERSIST_KEY);
    if (!raw) return undefined;
    const stored = JSON.parse(raw) as { auth?: unknown };
    if (typeof stored.auth !== 'string') return undefined;
    const auth = JSON.parse(stored.auth) as unknown;
    if (typeof auth !== 'object' || auth === null) return undefined;
    const { user, token, isAuthenticated, profileImage } = auth as Partial<PersistedAuth>;
    return { user, token, isAuthenticated, profileImage };
  }, undefined);
}

/** Saves the auth fields (in redux-persist's format). */
export function writePersistedAuth(auth: AuthState): void {
  attempt(() => {
    const value = JSON.stringify({
      auth: JSON.stringify(persistedFields(auth)),
      _persist: JSON.stringify({ version: 1, rehydrated: true }),
    });
    window.localStorage.setItem(PERSIST_KEY, value);
  }, undefined);
}

/** Writes the auth state whenever it changes. */
export function persistAuth(store: {
  getState: () => { auth: AuthState };
  subscribe: (listener: () => void) => () => void;
}): () => void {
  let saved = store.getState().auth;
  return store.subscribe(() => {
    const { auth } = store.getState();
    if (auth === saved) return;
    saved = auth;
    writePersistedAuth(auth);
  });
}

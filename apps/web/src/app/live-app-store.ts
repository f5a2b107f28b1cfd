import { initialAuthState } from '../features/auth/auth-state.ts';
import { readPersistedAuth } from '../features/auth/persisted-auth.ts';
import { whenApiLoaded } from '../lib/api-loaded.ts';
import { createLiveStore, type LiveStore } from '../lib/live-store.ts';
import type { RootState } from './store.ts';

/**
 * The page's store (docs/decisions/072-guest-page-without-the-store.md): who is signed in comes from
 * localStorage at once, as the real store reads it; the real store (store.ts, with Redux Toolkit) is
 * loaded when the API is, or when something is dispatched, or at the start when somebody is signed in
 * (main.tsx). Until then a guest's page reads the saved auth state and nothing else: only the chrome
 * reads the store before the API loads.
 */
export function setupLiveStore(): LiveStore<RootState> {
  const standIn = { auth: { ...initialAuthState, ...readPersistedAuth() } } as RootState;
  const live = createLiveStore(standIn, async () => {
    const { setupStore } = await import('./store.ts');
    return setupStore().store;
  });
  whenApiLoaded(() => {
    live.real().catch(() => undefined);
  });
  return live;
}

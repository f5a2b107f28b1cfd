import type { ComponentProps, ReactNode } from 'react';
import { Provider } from 'react-redux';
import { initialAuthState } from '../features/auth/auth-state.ts';
import type { StoreLike } from '../lib/live-store.ts';
import { SessionGate } from './session-gate.tsx';
import type { RootState } from './store.ts';

type ProvidersProps = {
  /** The store (store.ts's, or the live store that stands in for it until needed: live-app-store.ts). */
  store: { store: StoreLike<RootState> };
  /**
   * True when hydrating a pre-rendered page: the first render must match the server's HTML, which is the
   * guest's page. So the store is read as a guest's while hydrating (`serverState`); the signed-in chrome
   * follows.
   */
  hydrating?: boolean;
  children: ReactNode;
};

/** The state a pre-rendered page was rendered with: nobody signed in. */
export function guestState(state: RootState): RootState {
  return { ...state, auth: { ...initialAuthState } };
}

/** Store (with the saved session already read, features/auth/persisted-auth.ts) and the session start rules. */
export function Providers({ store: { store }, hydrating = false, children }: ProvidersProps) {
  return (
    <Provider
      store={store as ComponentProps<typeof Provider>['store']}
      serverState={hydrating ? guestState(store.getState()) : undefined}
    >
      <SessionGate>{children}</SessionGate>
    </Provider>
  );
}

import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { PersistGate } from 'redux-persist/integration/react';
import { initialAuthState } from '../features/auth/slice.ts';
import { LoadingScreen } from './layout/loading-screen.tsx';
import { SessionGate } from './session-gate.tsx';
import type { RootState, setupStore } from './store.ts';

type ProvidersProps = {
  store: ReturnType<typeof setupStore>;
  /**
   * True when hydrating a pre-rendered page: the first render must match the server's HTML, which is the
   * guest's page. So the store is read as a guest's while hydrating (`serverState`), and the page is not
   * held behind the Loading screen while the saved session is read; the signed-in chrome follows.
   */
  hydrating?: boolean;
  children: ReactNode;
};

/** The state a pre-rendered page was rendered with: nobody signed in. */
export function guestState(state: RootState): RootState {
  return { ...state, auth: { ...initialAuthState } };
}

/** Store, auth rehydration (Loading screen until done) and the session start rules. */
export function Providers({ store: { store, persistor }, hydrating = false, children }: ProvidersProps) {
  if (hydrating) {
    return (
      <Provider store={store} serverState={guestState(store.getState())}>
        <SessionGate>{children}</SessionGate>
      </Provider>
    );
  }
  return (
    <Provider store={store}>
      <PersistGate loading={<LoadingScreen />} persistor={persistor}>
        <SessionGate>{children}</SessionGate>
      </PersistGate>
    </Provider>
  );
}

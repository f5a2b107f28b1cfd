import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { PersistGate } from 'redux-persist/integration/react';
import { LoadingScreen } from './layout/loading-screen.tsx';
import { SessionGate } from './session-gate.tsx';
import type { setupStore } from './store.ts';

type ProvidersProps = { store: ReturnType<typeof setupStore>; children: ReactNode };

/** Store, auth rehydration (Loading screen until done) and the session start rules. */
export function Providers({ store: { store, persistor }, children }: ProvidersProps) {
  return (
    <Provider store={store}>
      <PersistGate loading={<LoadingScreen />} persistor={persistor}>
        <SessionGate>{children}</SessionGate>
      </PersistGate>
    </Provider>
  );
}

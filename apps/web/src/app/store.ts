import {
  combineSlices,
  configureStore,
  createDynamicMiddleware,
  type Reducer,
  type WithSlice,
} from '@reduxjs/toolkit';
import { persistAuth, readPersistedAuth } from '../features/auth/persisted-auth.ts';
import { authSlice, initialAuthState } from '../features/auth/slice.ts';
import { profileSlice } from '../features/profile/slice.ts';
import { rememberApprovals } from '../features/registration/remembered-approval.ts';
import { registrationSlice } from '../features/registration/slice.ts';
import type { baseApi } from '../lib/api.ts';
import { whenApiLoaded } from '../lib/api-loaded.ts';

/**
 * The slices a guest's page needs, and the API's cache once the API is loaded (lib/api-loaded.ts): a
 * guest's first page carries no RTK Query code (docs/decisions/013-first-load.md).
 */
const rootReducer = combineSlices(authSlice, profileSlice, registrationSlice).withLazyLoadedSlices<
  WithSlice<typeof baseApi>
>();

/**
 * The state with the API's cache. Before the API is loaded the `api` key is missing, but nothing reads
 * or dispatches to the API then (whatever does has imported it, which loads it).
 */
export type RootState = ReturnType<typeof rootReducer> & WithSlice<typeof baseApi>;

/**
 * The store. Who is signed in comes from localStorage at once (features/auth/persisted-auth.ts), unless the caller
 * gives an auth state, and is saved whenever it changes.
 */
export function setupStore(preloadedState?: Partial<RootState>) {
  const apiMiddleware = createDynamicMiddleware();
  const store = configureStore({
    reducer: rootReducer as Reducer<RootState>,
    preloadedState: {
      ...preloadedState,
      auth: preloadedState?.auth ?? { ...initialAuthState, ...readPersistedAuth() },
    } as RootState,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(apiMiddleware.middleware),
  });
  persistAuth(store);
  rememberApprovals(store);
  whenApiLoaded<typeof baseApi>(({ api, setupListeners }) => {
    rootReducer.inject(api);
    apiMiddleware.addMiddleware(api.middleware);
    // The API's cache gets its initial state before any component reads it.
    store.dispatch({ type: `${api.reducerPath}/loaded` });
    setupListeners(store.dispatch);
  });
  return { store };
}

export type AppStore = ReturnType<typeof setupStore>['store'];
export type AppDispatch = AppStore['dispatch'];

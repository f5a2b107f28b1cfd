import { PERSIST_REHYDRATE_TIMEOUT_MS } from '@ngso/shared/constants';
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import {
  createTransform,
  FLUSH,
  PAUSE,
  PERSIST,
  type PersistConfig,
  PURGE,
  persistReducer,
  persistStore,
  REGISTER,
  REHYDRATE,
} from 'redux-persist';
import { type AuthState, authSlice, initialAuthState } from '../features/auth/slice.ts';
import { profileSlice } from '../features/profile/slice.ts';
import { registrationSlice } from '../features/registration/slice.ts';
import { baseApi } from '../lib/api.ts';
import { localStorageAdapter } from '../lib/storage.ts';

const rootReducer = combineReducers({
  auth: authSlice.reducer,
  profile: profileSlice.reducer,
  registration: registrationSlice.reducer,
  [baseApi.reducerPath]: baseApi.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** Only who is signed in is stored; flags of a request in flight are not (a reload mid-logout must not hang). */
const authTransform = createTransform<AuthState, Partial<AuthState>>(
  (state) => ({
    user: state.user,
    token: state.token,
    isAuthenticated: state.isAuthenticated,
    profileImage: state.profileImage,
  }),
  (stored) => ({ ...initialAuthState, ...stored }),
  { whitelist: ['auth'] },
);

const persistConfig: PersistConfig<RootState> = {
  key: 'ngso',
  version: 1,
  storage: localStorageAdapter,
  whitelist: ['auth'],
  transforms: [authTransform],
  timeout: PERSIST_REHYDRATE_TIMEOUT_MS,
};

export function setupStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: persistReducer(persistConfig, rootReducer),
    preloadedState: preloadedState as ReturnType<ReturnType<typeof persistReducer<RootState>>>,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      }).concat(baseApi.middleware),
  });
  const persistor = persistStore(store);
  setupListeners(store.dispatch);
  return { store, persistor };
}

export type AppStore = ReturnType<typeof setupStore>['store'];
export type AppDispatch = AppStore['dispatch'];

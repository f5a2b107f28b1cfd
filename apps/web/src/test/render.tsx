import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, MemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { Providers } from '../app/providers.tsx';
import { routes } from '../app/router.tsx';
import { giveLoadersStore } from '../app/router-context.ts';
import { type RootState, setupStore } from '../app/store.ts';
import { type AuthState, initialAuthState } from '../features/auth/slice.ts';
import { testUser } from './fetch-stub.ts';

export const signedInAuth: AuthState = {
  ...initialAuthState,
  user: testUser,
  isAuthenticated: true,
};

/** A component that needs the store and a router, without the rest of the app. */
export function renderWithStore(ui: ReactElement, preloadedState?: Partial<RootState>) {
  const { store } = setupStore(preloadedState);
  return {
    store,
    ...render(
      <Provider store={store}>
        <MemoryRouter>{ui}</MemoryRouter>
      </Provider>,
    ),
  };
}

/** The whole app (store, start rules, routes and chrome) at `path`. */
export function renderApp(
  path: string,
  preloadedState?: Partial<RootState>,
  { loadersStore = false }: { loadersStore?: boolean } = {},
) {
  const appStore = setupStore(preloadedState);
  // As the app does (main.tsx): the routes' loaders get the store and start a page's calls early.
  if (loadersStore) giveLoadersStore(appStore.store);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return {
    store: appStore.store,
    router,
    ...render(
      <Providers store={appStore}>
        <RouterProvider router={router} />
      </Providers>,
    ),
  };
}

import './lib/zod-config.ts';
import './i18n/i18n.ts';
import { languageFromCookie } from '@ngso/shared/language';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { setupLiveStore } from './app/live-app-store.ts';
import { Providers } from './app/providers.tsx';
import { createAppRouter, loadRoutesFor } from './app/router.tsx';
import { applyLanguage, pageLanguage } from './i18n/i18n.ts';
import { keepServerMeta } from './lib/page-meta.ts';

/** Tells boot.ts that the page has hydrated, so it replays the taps it kept (the same name is written there). */
function AppStarted() {
  useEffect(() => {
    document.dispatchEvent(new Event('ngso:app-started'));
  }, []);
  return null;
}

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

/**
 * Started by boot.ts once the page has painted. A pre-rendered page (docs/decisions/005-prerendering.md)
 * arrives with its HTML in #root: load that page's code and texts, then hydrate it. Any other page (the
 * SPA shell) renders from scratch.
 */
async function start(element: HTMLElement) {
  const prerendered = element.firstElementChild !== null;
  // A pre-rendered page hydrates in the language of its HTML (the server picked it from the `lang`
  // cookie); the empty shell renders in the saved choice.
  const language = prerendered ? pageLanguage : (languageFromCookie(document.cookie) ?? pageLanguage);
  const live = setupLiveStore();
  // A guest's page starts without the real store (docs/decisions/072-guest-page-without-the-store.md);
  // somebody signed in needs it at once (the session's calls), loaded alongside the texts.
  await Promise.all([
    applyLanguage(language),
    live.getState().auth.isAuthenticated ? live.real() : undefined,
  ]);
  const store = { store: live };
  if (prerendered) {
    keepServerMeta(window.location.pathname, pageLanguage);
    await loadRoutesFor(window.location.pathname);
    const router = createAppRouter(store.store);
    // In a transition, React hydrates in slices and yields to the browser in between, instead of one long
    // task that blocks a tap on a slow phone (the page is on screen already).
    startTransition(() => {
      hydrateRoot(
        element,
        <StrictMode>
          <Providers store={store} hydrating>
            <RouterProvider router={router} />
          </Providers>
          <AppStarted />
        </StrictMode>,
      );
    });
    return;
  }
  const router = createAppRouter(store.store);
  createRoot(element).render(
    <StrictMode>
      <Providers store={store}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}

void start(root);

import './index.css';
import './i18n/i18n.ts';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers.tsx';
import { createAppRouter, loadRoutesFor } from './app/router.tsx';
import { setupStore } from './app/store.ts';
import { applyLanguage, pageLanguage } from './i18n/i18n.ts';
import { languageFromCookie } from './i18n/languages.ts';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

/**
 * A pre-rendered page (docs/decisions/005-prerendering.md) arrives with its HTML in #root: load that
 * page's code, then hydrate it. Any other page (the SPA shell) renders from scratch.
 */
async function start(element: HTMLElement) {
  const prerendered = element.firstElementChild !== null;
  // A pre-rendered page hydrates in the language of its HTML (the server picked it from the `lang`
  // cookie); the empty shell renders in the saved choice.
  await applyLanguage(prerendered ? pageLanguage : (languageFromCookie(document.cookie) ?? pageLanguage));
  const store = setupStore();
  if (prerendered) {
    await loadRoutesFor(window.location.pathname);
    const router = createAppRouter();
    hydrateRoot(
      element,
      <StrictMode>
        <Providers store={store} hydrating>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    );
    return;
  }
  const router = createAppRouter();
  createRoot(element).render(
    <StrictMode>
      <Providers store={store}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}

void start(root);

import './i18n/i18n.ts';
import type { Language } from '@ngso/shared/language';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { guestState } from './app/providers.tsx';
import { namespacesFor, routes } from './app/router.tsx';
import { SessionGate } from './app/session-gate.tsx';
import { setupStore } from './app/store.ts';
import { PRERENDERED_PAGES } from './config/public-pages.ts';
import { applyLanguage, i18next, loadNamespaces } from './i18n/i18n.ts';
import { CORE_NAMESPACES, namespaceSource } from './i18n/namespaces.ts';
import { preloadDeferredSections } from './lib/deferred-section.tsx';
import { pageMeta } from './lib/page-meta.ts';

export { CORE_NAMESPACES, namespaceSource, namespacesFor, PRERENDERED_PAGES };

/** The languages every public page is pre-rendered in (the server picks one by the `lang` cookie). */
export const PRERENDERED_LANGUAGES: readonly Language[] = ['en', 'bn'];

/**
 * Renders one public page to HTML at build time, as a guest sees it, in one language
 * (docs/decisions/005-prerendering.md, 009-languages.md).
 * Used by scripts/prerender-plugin.ts after the browser build.
 */
export async function render(pathname: string, origin: string, language: Language = 'en') {
  await applyLanguage(language);
  // The page's texts, as the browser loads them with the page's code. A component that uses a namespace
  // its route does not name suspends here, and the build fails (renderToString has no Suspense).
  await loadNamespaces([...namespacesFor(pathname), 'seo']);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(pathname, origin)));
  if (context instanceof Response) throw new Error(`${pathname} redirects; it cannot be pre-rendered`);
  // The page's parts whose code the browser fetches later are in its HTML all the same.
  await preloadDeferredSections();
  const router = createStaticRouter(handler.dataRoutes, context);
  const { store } = setupStore();
  let html: string;
  try {
    html = renderToString(
      <StrictMode>
        <Provider store={store} serverState={guestState(store.getState())}>
          <SessionGate>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </SessionGate>
        </Provider>
      </StrictMode>,
    );
  } catch (error) {
    if (!String(error).includes('suspended')) throw error;
    throw new Error(
      `${pathname} (${language}): a component suspended while pre-rendering. Does its route in app/router.tsx name every namespace the page uses?`,
      { cause: error },
    );
  }
  const page = PRERENDERED_PAGES.find((p) => p.path === pathname);
  const meta = page ? pageMeta(page.meta, language) : pageMeta('home', language);
  return { html, meta, language: i18next.language, status: context.statusCode };
}

import { messageSW } from 'workbox-window/messageSW.js';

/**
 * Asks the service worker to fetch and keep these same-origin addresses now, through its own runtime
 * route for them (Workbox's `CACHE_URLS` message): what a page will need offline but has not shown yet.
 * Waits for the app's worker to be active: a page may ask before the app has registered it (on a first
 * visit the exam's questions can come with the page's first render, whose effects run before the layout's,
 * which registers the worker: decision 073). Resolves once they are kept or refused; with no worker
 * support (a development server, an old WebView) at once; never if the browser refuses the worker.
 */
export async function keepForOffline(
  addresses: readonly string[],
  container: ServiceWorkerContainer | undefined = globalThis.navigator?.serviceWorker,
): Promise<void> {
  if (!import.meta.env.PROD || !container || addresses.length === 0) return;
  const { active } = await container.ready;
  if (active) await messageSW(active, { type: 'CACHE_URLS', payload: { urlsToCache: [...addresses] } });
}

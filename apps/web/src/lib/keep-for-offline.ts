import { messageSW } from 'workbox-window/messageSW.js';

/**
 * Asks the service worker to fetch and keep these same-origin addresses now, through its own runtime
 * route for them (Workbox's `CACHE_URLS` message): what a page will need offline but has not shown yet.
 * Resolves once they are kept or refused; with no worker (a development server, a private mode) at once.
 */
export async function keepForOffline(
  addresses: readonly string[],
  container: ServiceWorkerContainer | undefined = globalThis.navigator?.serviceWorker,
): Promise<void> {
  if (!import.meta.env.PROD || !container || addresses.length === 0) return;
  const registration = await container.getRegistration();
  if (!registration) return;
  const { active } = await container.ready;
  if (active) await messageSW(active, { type: 'CACHE_URLS', payload: { urlsToCache: [...addresses] } });
}

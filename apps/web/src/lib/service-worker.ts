import { QUESTION_DIAGRAMS_CACHE } from '../config/offline-pages.ts';

/**
 * Registers the service worker the build writes (/sw.js, Workbox: docs/decisions/060-offline-exam-pages.md),
 * which lets the exam pages open with no connection. Only the built app has one. The browser looks for
 * a new one on every visit (`updateViaCache: 'none'`); a new one waits until every tab of the site is
 * closed, so it never replaces a page in the middle of an exam.
 */
export function registerServiceWorker(
  container: ServiceWorkerContainer | undefined = globalThis.navigator?.serviceWorker,
): void {
  if (!import.meta.env.PROD || !container) return;
  container.register('/sw.js', { scope: '/', updateViaCache: 'none' }).catch(() => {
    // No worker (a private mode, an old WebView): the pages work as before, online only.
  });
}

/**
 * Forgets what the worker keeps for one student (their questions' diagrams) at sign-out: the next person
 * on the phone finds none of it, even offline. The exam pages' own code stays.
 */
export async function forgetKeptForOffline(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(QUESTION_DIAGRAMS_CACHE).catch(() => false);
}

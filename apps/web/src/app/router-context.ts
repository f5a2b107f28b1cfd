import type { StoreLike } from '../lib/live-store.ts';
import type { RootState } from './store.ts';

/**
 * The app's store for the routes' loaders (app/router.tsx), which start calls a page needs before it
 * renders. A plain reference rather than the router's own context: that would add its classes to the
 * first chunk of every page.
 */
let current: StoreLike<RootState> | undefined;

/**
 * Called once the store exists, before the router loads the first page: the live store (a guest's page
 * starts without the real one, docs/decisions/072-guest-page-without-the-store.md).
 */
export function giveLoadersStore(store: StoreLike<RootState>): void {
  current = store;
}

/** The store, if the app has one (none in tests of a single page, nor in the pre-renderer). */
export function loadersStore(): StoreLike<RootState> | undefined {
  return current;
}

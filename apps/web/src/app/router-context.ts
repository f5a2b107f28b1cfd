import type { AppStore } from './store.ts';

/**
 * The app's store for the routes' loaders (app/router.tsx), which start calls a page needs before it
 * renders. A plain reference rather than the router's own context: that would add its classes to the
 * first chunk of every page.
 */
let current: AppStore | undefined;

/** Called once the store exists, before the router loads the first page. */
export function giveLoadersStore(store: AppStore): void {
  current = store;
}

/** The store, if the app has one (none in tests of a single page, nor in the pre-renderer). */
export function loadersStore(): AppStore | undefined {
  return current;
}

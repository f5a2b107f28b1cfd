/**
 * A store that stands in for the app's Redux store until that one is needed
 * (docs/decisions/072-guest-page-without-the-store.md). A guest's first page only reads who is signed in
 * (nobody): it gets a fixed state and no Redux Toolkit. The real store is loaded when something needs it
 * (a signed-in session, a form sent, the API loaded by a page) and then takes over: the same object is
 * given to react-redux's Provider throughout, and its subscribers hear the change.
 */

/** What react-redux and the app's hooks use of a store. */
export type StoreLike<State> = {
  getState(): State;
  subscribe(listener: () => void): () => void;
  // biome-ignore lint/suspicious/noExplicitAny: a Redux store's dispatch takes actions and thunks alike.
  dispatch(action: any): any;
};

/** The live store: a StoreLike that also loads the real store and says when it is in place. */
export type LiveStore<State> = StoreLike<State> & {
  /** Loads the real store (once) and resolves when it has taken over. */
  real(): Promise<void>;
};

/** Loads still running, so a page loaded meanwhile can wait for them (see `storesSettled`). */
const loading = new Set<Promise<void>>();

/** Resolves once every real store being loaded has taken over (at once when none is). */
export async function storesSettled(): Promise<void> {
  await Promise.all(loading);
}

/** Loads the real store behind `store` when it is a live store; a real store is already in place. */
export function storeInPlace(store: StoreLike<unknown>): Promise<void> {
  return 'real' in store && typeof store.real === 'function'
    ? (store as LiveStore<unknown>).real()
    : Promise.resolve();
}

/**
 * A store that reads `standIn` until `load` has given the real store. A plain action dispatched before
 * that loads the real store and is dispatched to it once there; a thunk (the API's calls) cannot wait:
 * whatever dispatches one loads the real store first (`storeInPlace`, or a page's loading: `storesSettled`).
 */
export function createLiveStore<State>(
  standIn: State,
  load: () => Promise<StoreLike<State>>,
): LiveStore<State> {
  let current: StoreLike<State> | undefined;
  let loaded: Promise<void> | undefined;
  const listeners = new Set<() => void>();
  const pending: unknown[] = [];
  const notify = () => {
    for (const listener of [...listeners]) listener();
  };

  function real(): Promise<void> {
    if (loaded) return loaded;
    const attempt = (async () => {
      const store = await load();
      current = store;
      store.subscribe(notify);
      for (const action of pending.splice(0)) store.dispatch(action);
      notify();
    })();
    loaded = attempt;
    // A failed download is tried again by the next caller.
    const settled: Promise<void> = attempt
      .catch(() => {
        loaded = undefined;
      })
      .finally(() => loading.delete(settled));
    loading.add(settled);
    return attempt;
  }

  return {
    getState: () => (current ? current.getState() : standIn),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispatch(action: unknown) {
      if (current) return current.dispatch(action);
      if (typeof action === 'function')
        throw new Error('A thunk was dispatched before the store was loaded: load it first (storeInPlace).');
      pending.push(action);
      real().catch(() => undefined);
      return action;
    },
    real,
  };
}

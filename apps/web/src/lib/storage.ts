/**
 * The browser's localStorage as redux-persist wants it (promises), tolerating browsers where
 * storage is unavailable or full (private modes, old Android WebViews): the app then simply
 * does not remember the session across reloads.
 */
function attempt<T>(action: () => T, fallback: T): T {
  try {
    return action();
  } catch {
    return fallback;
  }
}

export const localStorageAdapter = {
  getItem: (key: string): Promise<string | null> =>
    Promise.resolve(attempt(() => window.localStorage.getItem(key), null)),
  setItem: (key: string, value: string): Promise<void> =>
    Promise.resolve(attempt(() => window.localStorage.setItem(key, value), undefined)),
  removeItem: (key: string): Promise<void> =>
    Promise.resolve(attempt(() => window.localStorage.removeItem(key), undefined)),
};

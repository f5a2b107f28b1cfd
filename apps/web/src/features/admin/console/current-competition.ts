import { useSyncExternalStore } from 'react';

/** The competition of the spec's paths, which the server assumes when a console call names none. */
export const DEFAULT_COMPETITION = 'ngso-1';
const KEY = 'ngso.admin.competition';

function read(): string {
  try {
    return window.localStorage.getItem(KEY) ?? DEFAULT_COMPETITION;
  } catch {
    return DEFAULT_COMPETITION;
  }
}

let current = typeof window === 'undefined' ? DEFAULT_COMPETITION : read();
const listeners = new Set<() => void>();

/** The competition the console works on (one at a time), remembered in this browser. */
export const currentCompetition = () => current;

export function chooseCompetition(code: string) {
  if (code === current) return;
  current = code;
  try {
    window.localStorage.setItem(KEY, code);
  } catch {
    // Storage unavailable: the choice lasts until the page is reloaded.
  }
  for (const listener of listeners) listener();
}

export function useCurrentCompetition() {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    currentCompetition,
    () => DEFAULT_COMPETITION,
  );
}

/**
 * A console call's address for the current competition. The default competition is left out, so its
 * addresses stay as api.md writes them.
 */
export function scoped(url: string, competition = current): string {
  if (competition === DEFAULT_COMPETITION) return url;
  return `${url}${url.includes('?') ? '&' : '?'}competition=${encodeURIComponent(competition)}`;
}

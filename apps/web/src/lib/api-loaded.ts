import type { setupListeners } from '@reduxjs/toolkit/query';
import type { baseApi } from './api.ts';

/**
 * The API announces itself here when its chunk has been evaluated (lib/api.ts), and every store adds its
 * reducer and middleware then (app/store.ts). A guest's first page never loads it
 * (docs/decisions/013-first-load.md).
 */
export type LoadedApi = { api: typeof baseApi; setupListeners: typeof setupListeners };

let loaded: LoadedApi | undefined;
const waiting = new Set<(api: LoadedApi) => void>();

/** Called once, by lib/api.ts. */
export function apiLoaded(api: LoadedApi): void {
  loaded = api;
  for (const callback of waiting) callback(api);
  waiting.clear();
}

/** Runs `callback` with the API as soon as it is loaded (at once if it is). */
export function whenApiLoaded(callback: (api: LoadedApi) => void): void {
  if (loaded) callback(loaded);
  else waiting.add(callback);
}

import type { setupListeners } from '@reduxjs/toolkit/query';

/**
 * The API announces itself here when its chunk has been evaluated (lib/api.ts), and every store adds its
 * reducer and middleware then (app/store.ts). A guest's first page never loads it
 * (docs/decisions/013-first-load.md). This module imports nothing of the API (lib/api.ts imports it), so
 * the two do not import each other: the store names the API's type where it waits for it.
 */
export type LoadedApi<Api> = { api: Api; setupListeners: typeof setupListeners };

let loaded: LoadedApi<unknown> | undefined;
const waiting = new Set<(api: LoadedApi<unknown>) => void>();

/** Called once, by lib/api.ts. */
export function apiLoaded<Api>(api: LoadedApi<Api>): void {
  loaded = api;
  for (const callback of waiting) callback(api);
  waiting.clear();
}

/** Runs `callback` with the API as soon as it is loaded (at once if it is); `Api` is lib/api.ts's baseApi. */
export function whenApiLoaded<Api>(callback: (api: LoadedApi<Api>) => void): void {
  const run = callback as (api: LoadedApi<unknown>) => void;
  if (loaded) run(loaded);
  else waiting.add(run);
}

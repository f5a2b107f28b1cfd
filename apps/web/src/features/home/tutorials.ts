import type { Tutorial, TutorialsResponse } from '@ngso/shared/schemas/tutorials';

/**
 * The home page's tutorials, as organisers set them (`GET /api/v1/tutorials`). A plain fetch, not the
 * app's API: a guest's first page carries no RTK Query (docs/decisions/013-first-load.md).
 */
export async function fetchTutorials(signal?: AbortSignal): Promise<Tutorial[]> {
  const response = await fetch(new URL('/api/v1/tutorials', window.location.href), {
    headers: { Accept: 'application/json' },
    signal,
  });
  if (!response.ok) throw new Error(`The tutorials answered ${response.status}`);
  return ((await response.json()) as TutorialsResponse).data;
}

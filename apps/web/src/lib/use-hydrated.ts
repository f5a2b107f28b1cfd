import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False on the server and while React takes over a pre-rendered page, true from then on (and at once on a
 * page rendered in the browser): what the HTML cannot know, such as the address's query, is shown once it
 * is true, so the first render matches the pre-rendered HTML.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  );

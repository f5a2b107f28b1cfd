import { type ComponentType, Suspense, use } from 'react';

/**
 * The promise, marked as React's `use` marks the promises it reads (`status`, `value`): one already settled
 * is read at once, without suspending, which the pre-renderer's render to a string needs.
 */
function tracked<T>(promise: Promise<T>): Promise<T> {
  const marked = promise as Promise<T> & { status: string; value?: T; reason?: unknown };
  marked.status = 'pending';
  promise.then(
    (value) => {
      marked.status = 'fulfilled';
      marked.value = value;
    },
    (reason: unknown) => {
      marked.status = 'rejected';
      marked.reason = reason;
    },
  );
  return promise;
}

/** How far ahead of the screen a section's code is fetched: a screen's height below (and above) it. */
export const NEAR_SCREEN_MARGIN = '100% 0px';

/** Resolves once `element` is within a screen's height of the viewport (at once without IntersectionObserver). */
function nearScreen(element: Element): Promise<void> {
  if (typeof IntersectionObserver === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        resolve();
      },
      { rootMargin: NEAR_SCREEN_MARGIN },
    );
    observer.observe(element);
  });
}

/** Every deferred section's code: the pre-renderer has them all before it renders (preloadDeferredSections). */
const loaders: (() => Promise<unknown>)[] = [];

/**
 * Loads the code of every deferred section, for the pre-renderer: it renders the page to a string at once,
 * with no Suspense, so each section must be there before it starts.
 */
export async function preloadDeferredSections(): Promise<void> {
  await Promise.all(loaders.map((load) => load()));
}

/** Drawn when a section's code could not be fetched (offline): the page goes on without the section. */
const Missing: ComponentType = () => null;

/**
 * A part of a pre-rendered page whose code is fetched only when the reader comes near it (issue 46): the
 * page's first script leaves it out. The pre-rendered HTML has it in full; when the app takes the page over,
 * React leaves that HTML as it is (a Suspense boundary still waiting for its code stays as the server drew
 * it) until the part comes within a screen's height of the viewport, then fetches its code and takes it over
 * too, without redrawing it. Drawn by the app itself (a visit that started on another page), it is fetched
 * at once and shown when it arrives. Only for what is below the first screen, with nothing after it that a
 * link's #anchor could aim at: the page's height changes when it arrives.
 */
export function deferredSection(name: string, load: () => Promise<ComponentType>): ComponentType {
  let code: Promise<ComponentType> | undefined;
  const fetchCode = () => {
    code ??= tracked(load().catch(() => Missing));
    return code;
  };
  let waiting: Promise<ComponentType> | undefined;
  const whenNeeded = (): Promise<ComponentType> => {
    if (code) return code;
    // The pre-rendered HTML's place for it, while React takes the page over; none when the app draws it.
    const drawn =
      typeof document === 'undefined' ? null : document.querySelector(`[data-deferred-section="${name}"]`);
    if (!drawn) return fetchCode();
    waiting ??= tracked(nearScreen(drawn).then(fetchCode));
    return waiting;
  };
  loaders.push(fetchCode);

  function Loaded() {
    const Section = use(whenNeeded());
    return <Section />;
  }

  function DeferredSection() {
    return (
      <div data-deferred-section={name}>
        <Suspense fallback={null}>
          <Loaded />
        </Suspense>
      </div>
    );
  }
  DeferredSection.displayName = `Deferred(${name})`;
  return DeferredSection;
}

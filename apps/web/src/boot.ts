import './index.css';
import { swapBanglaFont } from './i18n/bangla-font.ts';

/**
 * The page's only script in the HTML (docs/decisions/013-first-load.md). A pre-rendered page is
 * readable from its HTML and stylesheet alone, so the app (React, the router, the store, the page's code
 * and texts) is fetched once the page has painted: on a slow connection it does not take bandwidth or
 * main-thread time from the first paint. The page names its own modules (its route's code and texts, in
 * its language) in <meta name="ngso:modules">, written by the pre-renderer; they are fetched in parallel
 * with the app's own. The empty shell (any other address) has nothing to paint and starts at once.
 */
const MODULES_META = 'meta[name="ngso:modules"]';

function start() {
  const modules = document.querySelector(MODULES_META)?.getAttribute('content')?.split(' ') ?? [];
  for (const href of modules.filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  void import('./main.tsx');
}

/**
 * Calls `start` once the page's first paint is on screen: when the browser reports the first contentful
 * paint (that is, when the frame has been presented, not merely drawn), or after the next frame where
 * paint timing is missing. A page that reports no paint at all starts after a second all the same.
 */
function afterFirstPaint(callback: () => void) {
  let done = false;
  const go = () => {
    if (done) return;
    done = true;
    callback();
  };
  if (
    typeof PerformanceObserver !== 'undefined' &&
    PerformanceObserver.supportedEntryTypes?.includes('paint')
  ) {
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntries().some((entry) => entry.name === 'first-contentful-paint')) return;
      observer.disconnect();
      setTimeout(go, 0);
    });
    observer.observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(() => setTimeout(go, 0));
  }
  setTimeout(go, 1000);
}

/** Sent by main.tsx once the page has hydrated (the same name is written there). */
const APP_STARTED = 'ngso:app-started';

/**
 * Taps and form submissions made before the app has started are kept and replayed once it has: a button
 * (the menu, the language switcher) does what it says a moment later instead of nothing, and a form is
 * sent by the app instead of by the browser. Links work by themselves and are left alone.
 */
function keepEarlyInput() {
  const early: (() => void)[] = [];
  const onClick = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    // A form's submit button ends in a submit event, kept below.
    if (!button || button.disabled || (button.form && button.type === 'submit')) return;
    early.push(() => button.click());
  };
  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    early.push(() => form.requestSubmit());
  };
  document.addEventListener('click', onClick, true);
  document.addEventListener('submit', onSubmit, true);
  document.addEventListener(
    APP_STARTED,
    () => {
      document.removeEventListener('click', onClick, true);
      document.removeEventListener('submit', onSubmit, true);
      for (const replay of early.splice(0)) replay();
    },
    { once: true },
  );
}

const prerendered = document.getElementById('root')?.firstElementChild != null;
if (!prerendered) swapBanglaFont();
// A tab opened in the background paints nothing until it is shown; the empty shell has nothing to paint.
if (!prerendered || document.visibilityState === 'hidden') start();
else {
  keepEarlyInput();
  afterFirstPaint(start);
}

import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { SCROLL_KEPT_BETWEEN } from '../../config/paths.ts';

function keepsScroll(from: string, to: string): boolean {
  const [a, b] = SCROLL_KEPT_BETWEEN;
  return (from === a && to === b) || (from === b && to === a);
}

/**
 * Scroll resets to the top on navigation, except between the final round registration form and
 * its completion page; a link with a hash (#faq, #footer) scrolls to that anchor instead.
 * The first render is not a navigation: the browser has already placed a pre-rendered page (at its
 * anchor, or where the reader scrolled while the app was still loading), so nothing moves then.
 */
export function ScrollManager() {
  const { pathname, hash, key } = useLocation();
  const previous = useRef<{ pathname: string; key: string } | null>(null);

  useEffect(() => {
    const from = previous.current;
    previous.current = { pathname, key };
    // Not a navigation: the first render, or React running the effect again for the same location.
    const firstRender = from === null || from.key === key;
    if (firstRender && window.scrollY > 0) return;
    if (hash) {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      if (target) {
        target.scrollIntoView?.({ block: 'start' });
        return;
      }
    }
    if (firstRender || keepsScroll(from.pathname, pathname)) return;
    window.scrollTo(0, 0);
  }, [pathname, hash, key]);

  return null;
}

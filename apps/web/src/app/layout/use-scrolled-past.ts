import { useEffect, useState } from 'react';

/**
 * True while the window is scrolled more than `threshold` pixels. False on the first render (as on
 * the server, so a pre-rendered page hydrates without a mismatch), then the real value.
 */
export function useScrolledPast(threshold: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return past;
}

import { localiseNumber } from '@ngso/shared/language';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { prefersReducedMotion } from '../../lib/use-reduced-motion.ts';

/** A whole number with thousands separators in the interface's language, e.g. 15,000. */
export function formatCount(value: number, language: string): string {
  return localiseNumber(value, language);
}

type AnimatedCounterProps = {
  value: number;
  /** Spec section 9: 2 s. */
  durationMs?: number;
  /** Waits this long after it comes into view (the spec's 0.2 s stagger per card). */
  delayMs?: number;
  suffix?: string;
  className?: string;
};

/**
 * Counts from 0 to `value` once, when half of it is on screen (spec sections 4 and 9). The page's HTML
 * carries the final number, so it is right without JavaScript, for screen readers (which read only the
 * final number) and with reduced motion (no animation).
 */
export function AnimatedCounter({
  value,
  durationMs = 2000,
  delayMs = 0,
  suffix = '+',
  className = '',
}: AnimatedCounterProps) {
  const { i18n } = useTranslation();
  const [shown, setShown] = useState(value);
  const ref = useRef<HTMLSpanElement>(null);
  const format = useCallback(
    (n: number) => `${formatCount(n, i18n.language)}${suffix}`,
    [i18n.language, suffix],
  );

  useEffect(() => {
    const element = ref.current;
    if (
      !element ||
      prefersReducedMotion() ||
      typeof IntersectionObserver === 'undefined' ||
      typeof requestAnimationFrame === 'undefined'
    ) {
      return;
    }
    setShown(0);
    let frame = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const run = () => {
      const start = performance.now();
      const step = (now: number) => {
        const progress = Math.min(1, (now - start) / durationMs);
        const eased = 1 - (1 - progress) ** 3;
        setShown(progress >= 1 ? value : Math.round(value * eased));
        if (progress < 1) frame = requestAnimationFrame(step);
      };
      frame = requestAnimationFrame(step);
    };
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        timer = setTimeout(run, delayMs);
      },
      { threshold: 0.5 },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
      cancelAnimationFrame(frame);
      setShown(value);
    };
  }, [value, durationMs, delayMs]);

  return (
    <span ref={ref} className={className}>
      <span aria-hidden="true" data-testid="counter-value" data-final={format(value)}>
        {format(shown)}
      </span>
      <span className="sr-only">{format(value)}</span>
    </span>
  );
}

import {
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useReducedMotion } from '../../lib/use-reduced-motion.ts';

type CarouselProps = {
  /** Names the carousel for assistive technology, e.g. 'Pictures of our activities'. */
  label: string;
  /** One element per slide, each with a key. */
  slides: ReactNode[];
  /** Spec section 9: 3000 ms. */
  autoplayMs?: number;
  testId?: string;
};

const controlClasses =
  'inline-flex size-11 items-center justify-center rounded-full bg-white text-slate-800 shadow ring-1 ring-slate-300 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600';

/**
 * A light carousel on native horizontal scrolling (swipe works on phones). One slide per view below
 * 640 px, two from 640 px, three from 1024 px (spec section 9); CSS decides, so the pre-rendered page
 * already shows the right layout. Auto-advances every `autoplayMs` and loops back to the first slide;
 * pauses while hovered, focused, off screen or in a hidden tab, and when the visitor presses Pause; does
 * not auto-advance when reduced motion is asked for. Arrow keys, Home and End move between slides.
 */
export function Carousel({ label, slides, autoplayMs = 3000, testId }: CarouselProps) {
  const { t } = useTranslation();
  const reducedMotion = useReducedMotion();
  const rootRef = useRef<HTMLElement>(null);
  const scrollerRef = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const indexRef = useRef(0);
  const [playing, setPlaying] = useState(true);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [onScreen, setOnScreen] = useState(false);
  const [tabVisible, setTabVisible] = useState(true);
  const count = slides.length;

  // Reduced motion: no automatic sliding unless the visitor starts it.
  useEffect(() => {
    if (reducedMotion) setPlaying(false);
  }, [reducedMotion]);

  /** How far one slide is, and how many fit in view. */
  const geometry = useCallback(() => {
    const scroller = scrollerRef.current;
    const first = scroller?.firstElementChild as HTMLElement | null;
    if (!scroller || !first) return null;
    const step = first.getBoundingClientRect().width || scroller.clientWidth;
    const perView = Math.max(1, Math.round(scroller.clientWidth / step));
    return { scroller, step, lastIndex: Math.max(0, count - perView) };
  }, [count]);

  const goTo = useCallback(
    (target: number) => {
      const g = geometry();
      if (!g) return;
      const next = Math.min(Math.max(target, 0), g.lastIndex);
      indexRef.current = next;
      setIndex(next);
      g.scroller.scrollTo?.({ left: next * g.step, behavior: reducedMotion ? 'auto' : 'smooth' });
    },
    [geometry, reducedMotion],
  );

  const next = useCallback(() => {
    const g = geometry();
    if (!g) return;
    goTo(indexRef.current >= g.lastIndex ? 0 : indexRef.current + 1);
  }, [geometry, goTo]);

  const previous = useCallback(() => {
    const g = geometry();
    if (!g) return;
    goTo(indexRef.current <= 0 ? g.lastIndex : indexRef.current - 1);
  }, [geometry, goTo]);

  // Swiping or tabbing through the slides moves the position too.
  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const g = geometry();
        if (!g) return;
        const current = Math.min(Math.round(g.scroller.scrollLeft / g.step), g.lastIndex);
        indexRef.current = current;
        setIndex(current);
      });
    };
    scroller.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      scroller.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, [geometry]);

  // Pause while off screen or while the tab is hidden.
  useEffect(() => {
    const root = rootRef.current;
    if (!root || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      const entry = entries[entries.length - 1];
      if (entry) setOnScreen(entry.isIntersecting);
    });
    observer.observe(root);
    const onVisibility = () => setTabVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      observer.disconnect();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, []);

  const autoplay = playing && !hovered && !focused && onScreen && tabVisible && count > 1;
  useEffect(() => {
    if (!autoplay) return;
    const timer = setInterval(next, autoplayMs);
    return () => clearInterval(timer);
  }, [autoplay, autoplayMs, next]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const moves: Record<string, () => void> = {
      ArrowRight: next,
      ArrowLeft: previous,
      Home: () => goTo(0),
      End: () => goTo(count - 1),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    move();
  };

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  return (
    <section
      ref={rootRef}
      aria-roledescription={t('carousel.roledescription')}
      aria-label={label}
      data-testid={testId}
      data-index={index}
      data-playing={autoplay}
      className="relative"
      onKeyDown={onKeyDown}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      <div className="mb-4 flex items-center justify-end gap-2">
        <p className="mr-auto text-sm text-slate-600" aria-hidden="true">
          {t('carousel.position', { index: String(index + 1), total: String(count) })}
        </p>
        <button
          type="button"
          className={controlClasses}
          onClick={() => setPlaying((on) => !on)}
          aria-label={playing ? t('carousel.pause') : t('carousel.play')}
        >
          <svg viewBox="0 0 20 20" className="size-5" fill="currentColor" aria-hidden="true">
            {playing ? <path d="M6 4h3v12H6zM11 4h3v12h-3z" /> : <path d="M6 4l10 6-10 6z" />}
          </svg>
        </button>
        <button
          type="button"
          className={controlClasses}
          onClick={previous}
          aria-label={t('carousel.previous')}
        >
          <svg viewBox="0 0 20 20" className="size-5" fill="currentColor" aria-hidden="true">
            <path d="M12.7 4.3a1 1 0 0 1 0 1.4L8.4 10l4.3 4.3a1 1 0 0 1-1.4 1.4l-5-5a1 1 0 0 1 0-1.4l5-5a1 1 0 0 1 1.4 0Z" />
          </svg>
        </button>
        <button type="button" className={controlClasses} onClick={next} aria-label={t('carousel.next')}>
          <svg viewBox="0 0 20 20" className="size-5" fill="currentColor" aria-hidden="true">
            <path d="M7.3 4.3a1 1 0 0 1 1.4 0l5 5a1 1 0 0 1 0 1.4l-5 5a1 1 0 0 1-1.4-1.4l4.3-4.3-4.3-4.3a1 1 0 0 1 0-1.4Z" />
          </svg>
        </button>
      </div>
      <div
        ref={scrollerRef}
        // Focusable so that keyboard users can reach and scroll it even when no slide has a link.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be keyboard reachable
        tabIndex={0}
        aria-live={autoplay ? 'off' : 'polite'}
        // `relative`: absolutely positioned text in a slide (an `sr-only` span) stays inside the scroller;
        // otherwise the slides out of view overflow the page, and a phone widens its layout viewport to
        // them (the home page was laid out 1,648 px wide on a 412 px phone).
        className="relative -mx-2 flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain rounded-xl [scrollbar-width:none] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600 [&::-webkit-scrollbar]:hidden"
      >
        {slides.map((slide, i) => (
          // biome-ignore lint/a11y/useSemanticElements: a slide is a group (WAI-ARIA carousel pattern), not a fieldset
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: slides are a fixed list in a fixed order
            key={i}
            role="group"
            aria-roledescription={t('carousel.slide')}
            aria-label={t('carousel.slideLabel', { index: String(i + 1), total: String(count) })}
            className="shrink-0 basis-full snap-start px-2 sm:basis-1/2 lg:basis-1/3"
          >
            {slide}
          </div>
        ))}
      </div>
    </section>
  );
}

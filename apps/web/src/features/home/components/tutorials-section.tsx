import { toLanguage } from '@ngso/shared/language';
import type { Tutorial } from '@ngso/shared/schemas/tutorials';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Carousel } from '../../../components/ui/carousel.tsx';
import { fetchTutorials } from '../tutorials.ts';

type State = { kind: 'loading' } | { kind: 'failed' } | { kind: 'loaded'; tutorials: Tutorial[] };

/** Grey cards in the carousel's layout while the list loads: the section keeps its height (no shift). */
const PLACEHOLDERS = ['a', 'b', 'c', 'd'].map((key) => (
  <div key={key} aria-hidden="true">
    <div className="aspect-video w-full animate-pulse rounded-xl bg-slate-200" />
    <div className="mt-3 h-5 w-3/4 rounded bg-slate-200" />
    <div className="mt-1 h-4 w-1/2 rounded bg-slate-100" />
  </div>
));

/**
 * Becomes true once the element comes within about two screens of the viewport (or, in a browser without
 * IntersectionObserver, once the reader scrolls): the first view of the page makes no call for it.
 */
function useNearViewport(ref: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      const onScroll = () => setNear(true);
      window.addEventListener('scroll', onScroll, { once: true, passive: true });
      return () => window.removeEventListener('scroll', onScroll);
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '1500px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, near]);
  return near;
}

/**
 * The tutorial videos organisers set in the console; each thumbnail opens its video in a new tab. The
 * pre-rendered page has the heading and placeholders; the list is read when the reader nears the section
 * (a visitor who never scrolls there costs no request), so a change in the console shows at the next visit. With no tutorial set, the section is not shown.
 */
export function TutorialsSection() {
  const { t, i18n } = useTranslation(['home', 'common']);
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const sectionRef = useRef<HTMLElement>(null);
  const near = useNearViewport(sectionRef);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is what asks again
  useEffect(() => {
    if (!near) return;
    const controller = new AbortController();
    setState({ kind: 'loading' });
    fetchTutorials(controller.signal)
      .then((tutorials) => setState({ kind: 'loaded', tutorials }))
      .catch(() => {
        if (!controller.signal.aborted) setState({ kind: 'failed' });
      });
    return () => controller.abort();
  }, [attempt, near]);

  if (state.kind === 'loaded' && state.tutorials.length === 0) return null;
  const bangla = toLanguage(i18n.language) === 'bn';

  return (
    <section ref={sectionRef} aria-labelledby="tutorials-title" className="bg-slate-50 px-4 py-16">
      <div className="mx-auto max-w-6xl">
        <h2 id="tutorials-title" className="mb-6 text-2xl font-bold text-slate-900 sm:text-3xl">
          {t('tutorials.title')}
        </h2>
        {state.kind === 'failed' ? (
          <div className="flex flex-wrap items-center gap-3 text-slate-700" data-testid="tutorials-failed">
            <p>{t('tutorials.failed')}</p>
            <button
              type="button"
              onClick={retry}
              className="min-h-11 rounded-lg px-4 font-semibold text-sky-800 ring-1 ring-slate-300 hover:bg-white focus-visible:outline-2 focus-visible:outline-sky-600"
            >
              {t('common:tryAgain')}
            </button>
          </div>
        ) : (
          <Carousel
            label={t('tutorials.label')}
            testId="tutorials-carousel"
            slides={
              state.kind === 'loading'
                ? PLACEHOLDERS
                : state.tutorials.map((tutorial) => (
                    <a
                      key={tutorial.id}
                      href={tutorial.video_url}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="group block rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600"
                    >
                      <img
                        src={tutorial.thumbnail.url}
                        alt=""
                        width={tutorial.thumbnail.width}
                        height={tutorial.thumbnail.height}
                        loading="lazy"
                        decoding="async"
                        className="aspect-video h-auto w-full rounded-xl bg-slate-200 object-cover"
                      />
                      <span className="mt-3 block font-semibold text-slate-900 group-hover:text-sky-800">
                        {bangla ? tutorial.title_bn : tutorial.title_en}
                      </span>
                      <span className="block text-sm text-slate-600">
                        {t('tutorials.watch')}
                        <span className="sr-only"> {t('common:opensInNewTab')}</span>
                      </span>
                    </a>
                  ))
            }
          />
        )}
        {state.kind === 'loading' ? <p className="sr-only">{t('tutorials.loading')}</p> : null}
      </div>
    </section>
  );
}

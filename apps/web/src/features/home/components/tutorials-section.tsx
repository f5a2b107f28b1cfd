import type { Tutorial } from '@ngso/shared/schemas/tutorials';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Carousel } from '../../../components/ui/carousel.tsx';
import { toLanguage } from '../../../i18n/languages.ts';
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
 * The tutorial videos organisers set in the console; each thumbnail opens its video in a new tab. The
 * pre-rendered page has the heading and placeholders; the list is read once the page runs, so a change
 * in the console shows at the next visit. With no tutorial set, the section is not shown.
 */
export function TutorialsSection() {
  const { t, i18n } = useTranslation(['home', 'common']);
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is what asks again
  useEffect(() => {
    const controller = new AbortController();
    setState({ kind: 'loading' });
    fetchTutorials(controller.signal)
      .then((tutorials) => setState({ kind: 'loaded', tutorials }))
      .catch(() => {
        if (!controller.signal.aborted) setState({ kind: 'failed' });
      });
    return () => controller.abort();
  }, [attempt]);

  if (state.kind === 'loaded' && state.tutorials.length === 0) return null;
  const bangla = toLanguage(i18n.language) === 'bn';

  return (
    <section aria-labelledby="tutorials-title" className="bg-slate-50 px-4 py-16">
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

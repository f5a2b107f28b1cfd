import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../components/ui/animated-counter.tsx';
import { pickLanguage } from '../../../content/localised.ts';
import { statistics } from '../../../content/statistics.ts';

const OBJECTIVES = ['1', '2', '3', '4'] as const;
const VALUES = ['excellence', 'innovation', 'collaboration'] as const;

/** About: hero, the three statistics, Our Journey, Core Objectives (4) and Our Values (3 cards). */
export function AboutPage() {
  const { t, i18n } = useTranslation('about');
  return (
    <>
      <section
        aria-labelledby="about-title"
        className="bg-linear-to-br from-slate-950 to-indigo-950 px-4 py-16 text-white sm:py-24"
      >
        <div className="mx-auto max-w-6xl">
          <h1 id="about-title" className="text-3xl font-extrabold sm:text-5xl">
            {t('hero.title')}
          </h1>
          <p className="mt-4 max-w-3xl text-lg leading-relaxed text-slate-200">{t('hero.text')}</p>
        </div>
      </section>

      <section aria-labelledby="about-statistics" className="px-4 py-16">
        <div className="mx-auto max-w-6xl">
          <h2 id="about-statistics" className="sr-only">
            {t('statistics.title')}
          </h2>
          <ul className="grid gap-6 sm:grid-cols-3">
            {statistics.map((statistic) => (
              <li key={statistic.id} className="rounded-2xl border border-slate-200 p-6 text-center">
                <p className="text-4xl font-extrabold text-sky-700">
                  {formatCount(statistic.number, i18n.language)}+
                </p>
                <p className="mt-2 text-lg font-semibold text-slate-900">
                  {pickLanguage(statistic.label, i18n.language)}
                </p>
                <p className="mt-1 text-sm text-slate-600">
                  {pickLanguage(statistic.subtitle, i18n.language)}
                </p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="about-journey" className="bg-slate-50 px-4 py-16">
        <div className="mx-auto max-w-3xl">
          <h2 id="about-journey" className="text-2xl font-bold text-slate-900 sm:text-3xl">
            {t('journey.title')}
          </h2>
          <p className="mt-4 leading-relaxed text-slate-700">{t('journey.text1')}</p>
          <p className="mt-4 leading-relaxed text-slate-700">{t('journey.text2')}</p>
        </div>
      </section>

      <section aria-labelledby="about-objectives" className="px-4 py-16">
        <div className="mx-auto max-w-6xl">
          <h2 id="about-objectives" className="text-2xl font-bold text-slate-900 sm:text-3xl">
            {t('objectives.title')}
          </h2>
          <ol className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {OBJECTIVES.map((n) => (
              <li key={n} className="rounded-2xl border border-slate-200 p-6">
                <span
                  className="inline-flex size-10 items-center justify-center rounded-full bg-sky-100 font-bold text-sky-800"
                  aria-hidden="true"
                >
                  {n}
                </span>
                <h3 className="mt-4 text-lg font-bold text-slate-900">{t(`objectives.${n}.title`)}</h3>
                <p className="mt-2 text-slate-700">{t(`objectives.${n}.text`)}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="about-values" className="bg-slate-50 px-4 py-16">
        <div className="mx-auto max-w-6xl">
          <h2 id="about-values" className="text-2xl font-bold text-slate-900 sm:text-3xl">
            {t('values.title')}
          </h2>
          <ul className="mt-8 grid gap-6 md:grid-cols-3">
            {VALUES.map((value) => (
              <li
                key={value}
                data-testid="value-card"
                className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
              >
                <h3 className="text-xl font-bold text-slate-900">{t(`values.${value}.title`)}</h3>
                <p className="mt-2 text-slate-700">{t(`values.${value}.text`)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}

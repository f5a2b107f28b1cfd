import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AnimatedCounter } from '../../../components/ui/animated-counter.tsx';
import { paths } from '../../../config/paths.ts';
import { pickLanguage } from '../../../content/localised.ts';
import { pictureSources } from '../../../content/raster.ts';
import { statistics } from '../../../content/statistics.ts';

/** Spec section 9: counters start 0.2 s apart. */
const STAGGER_MS = 200;

/** 'First General Science Festival': text, a second Register Now, the poster and three counters. */
export function PromoSection() {
  const { t, i18n } = useTranslation('home');
  return (
    <section aria-labelledby="promo-title" className="bg-slate-950 px-4 py-16 text-white">
      <div className="mx-auto grid max-w-6xl items-center gap-10 md:grid-cols-2">
        <div>
          <h2 id="promo-title" className="text-2xl font-bold sm:text-4xl">
            {t('promo.title')}
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-slate-200">{t('promo.text')}</p>
          <Link
            to={paths.register}
            className="mt-8 inline-flex min-h-12 items-center justify-center rounded-lg bg-sky-500 px-6 font-semibold text-slate-950 hover:bg-sky-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-300"
          >
            {t('promo.registerNow')}
          </Link>
        </div>
        <img
          {...pictureSources({ src: '/images/poster.svg', width: 600 })}
          sizes="(min-width: 640px) 384px, 100vw"
          alt={t('promo.posterAlt')}
          width={600}
          height={750}
          loading="lazy"
          decoding="async"
          className="mx-auto h-auto w-full max-w-sm rounded-2xl shadow-2xl"
        />
      </div>
      <ul aria-label={t('promo.statistics')} className="mx-auto mt-12 grid max-w-6xl gap-6 sm:grid-cols-3">
        {statistics.map((statistic, i) => (
          <li
            key={statistic.id}
            data-testid="statistic-card"
            className="rounded-2xl bg-white/5 p-6 text-center ring-1 ring-white/10"
          >
            <AnimatedCounter
              value={statistic.number}
              delayMs={i * STAGGER_MS}
              className="block text-4xl font-extrabold text-sky-300"
            />
            <p className="mt-2 text-lg font-semibold">{pickLanguage(statistic.label, i18n.language)}</p>
            <p className="mt-1 text-sm text-slate-300">{pickLanguage(statistic.subtitle, i18n.language)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

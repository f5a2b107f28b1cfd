import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';

/** The landing hero: tagline, title and the two calls to action (spec section 2). */
export function Hero() {
  const { t } = useTranslation('home');
  return (
    <section className="relative flex min-h-[85dvh] items-center overflow-hidden bg-linear-to-br from-slate-950 via-indigo-950 to-sky-900 px-4 pt-24 pb-16 text-white">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-24 -right-24 size-96 rounded-full bg-sky-500/20 blur-3xl"
      />
      <div className="relative mx-auto w-full max-w-6xl">
        <p className="text-sm font-semibold tracking-widest text-sky-300 uppercase sm:text-base">
          {t('hero.tagline')}
        </p>
        <h1 className="mt-4 max-w-3xl text-4xl leading-tight font-extrabold sm:text-5xl lg:text-6xl">
          {t('hero.title')}
        </h1>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <Link
            to={paths.register}
            className="inline-flex min-h-12 items-center justify-center rounded-lg bg-sky-700 px-6 font-semibold text-white hover:bg-sky-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-300"
          >
            {t('hero.registerNow')}
          </Link>
          <Link
            to={paths.login}
            className="inline-flex min-h-12 items-center justify-center rounded-lg px-6 font-semibold text-white ring-1 ring-white/60 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-300"
          >
            {t('hero.login')}
          </Link>
        </div>
      </div>
    </section>
  );
}

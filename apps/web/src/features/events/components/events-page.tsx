import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { events } from '../../../content/events.ts';
import { pickLanguage } from '../../../content/localised.ts';
import type { SiteEvent } from '../../../content/schemas.ts';
import { formatDayInDhaka, formatTimeInDhaka } from '../../../lib/dhaka-intl-dates.ts';

function EventCard({ event }: { event: SiteEvent }) {
  const { t, i18n } = useTranslation('events');
  return (
    <li
      data-testid="event-card"
      className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <div className="flex flex-wrap gap-2 text-xs font-semibold">
        <span className="rounded-full bg-emerald-100 px-3 py-1 text-emerald-800">
          {t(`status.${event.status}`)}
        </span>
        <span className="rounded-full bg-indigo-100 px-3 py-1 text-indigo-800">
          {t(`category.${event.category}`)}
        </span>
      </div>
      <h3 className="mt-4 text-xl font-bold text-slate-900">{pickLanguage(event.title, i18n.language)}</h3>
      <p className="mt-2 text-slate-700">{pickLanguage(event.description, i18n.language)}</p>
      <dl className="mt-4 space-y-1 text-sm text-slate-700">
        <div className="flex gap-2">
          <dt className="font-semibold text-slate-900">{t('date')}:</dt>
          <dd>{formatDayInDhaka(event.startsAt)}</dd>
        </div>
        <div className="flex gap-2">
          <dt className="font-semibold text-slate-900">{t('time')}:</dt>
          <dd>
            {t('timeRange', {
              start: formatTimeInDhaka(event.startsAt),
              end: formatTimeInDhaka(event.endsAt),
            })}
          </dd>
        </div>
        <div className="flex gap-2">
          <dt className="font-semibold text-slate-900">{t('location')}:</dt>
          <dd>{pickLanguage(event.location, i18n.language)}</dd>
        </div>
      </dl>
    </li>
  );
}

/** Events: the festival hero with Register Now, the event grid and a link to Coming Soon. */
export function EventsPage() {
  const { t } = useTranslation('events');
  return (
    <>
      <section
        aria-labelledby="events-hero-title"
        className="bg-linear-to-br from-indigo-950 to-sky-900 px-4 py-16 text-white sm:py-24"
      >
        <div className="mx-auto max-w-6xl">
          <p className="text-sm font-semibold tracking-widest text-sky-300 uppercase">{t('hero.eyebrow')}</p>
          <h1 id="events-hero-title" className="mt-3 text-3xl font-extrabold sm:text-5xl">
            {t('hero.title')}
          </h1>
          <p className="mt-4 max-w-3xl text-lg leading-relaxed text-slate-200">{t('hero.text')}</p>
          <Link
            to={paths.nationalRoundRegistration}
            className="mt-8 inline-flex min-h-12 items-center justify-center rounded-lg bg-sky-500 px-6 font-semibold text-slate-950 hover:bg-sky-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-300"
          >
            {t('hero.registerNow')}
          </Link>
        </div>
      </section>
      <section aria-labelledby="events-list-title" className="px-4 py-16">
        <div className="mx-auto max-w-6xl">
          <h2 id="events-list-title" className="text-2xl font-bold text-slate-900 sm:text-3xl">
            {t('list.title')}
          </h2>
          <ul className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {events.map((event) => (
              <EventCard key={event.id} event={event} />
            ))}
          </ul>
          <div className="mt-10 rounded-2xl bg-slate-50 p-6">
            <h3 className="text-lg font-bold text-slate-900">{t('more.title')}</h3>
            <Link
              to={paths.comingSoon}
              className="mt-2 inline-flex min-h-11 items-center font-semibold text-sky-800 underline underline-offset-2 hover:text-sky-900"
            >
              {t('more.link')}
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}

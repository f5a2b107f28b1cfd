import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { anchors, FULL_FOOTER_PATHS, paths } from '../../config/paths.ts';
import { pickLanguage } from '../../content/localised.ts';
import { organiser } from '../../content/organiser.ts';
import { currentYear } from '../../lib/current-year.ts';

/** The copyright line every page shows. */
function Copyright({ name }: { name: string }) {
  const { t } = useTranslation('footer');
  return (
    // The year is the visitor's, the pre-rendered page's the build's: they differ only at New Year.
    <p className="text-center text-sm" data-testid="copyright" suppressHydrationWarning>
      {t('copyright', { year: currentYear(), name })}
    </p>
  );
}

/**
 * The full footer (about, Quick Links, contact details) on /, /about, /events and /team, under the
 * anchor 'footer'; every other page shows only the copyright line.
 */
export function Footer() {
  const { t, i18n } = useTranslation('footer');
  const { pathname } = useLocation();
  const name = pickLanguage(organiser.name, i18n.language);

  if (!FULL_FOOTER_PATHS.includes(pathname)) {
    return (
      <footer className="border-t border-slate-200 bg-slate-50 px-4 py-5 text-slate-600">
        <Copyright name={name} />
      </footer>
    );
  }

  const linkClasses =
    'rounded text-slate-300 hover:text-white focus-visible:outline-2 focus-visible:outline-sky-400';
  const quickLinks = [
    { to: paths.about, label: t('aboutUs') },
    { to: { pathname: paths.home, hash: `#${anchors.footer}` }, label: t('contact') },
    { to: paths.events, label: t('events') },
    { to: { pathname: paths.home, hash: `#${anchors.faq}` }, label: t('faqs') },
    { to: paths.team, label: t('team') },
  ];

  return (
    <footer id={anchors.footer} data-testid="full-footer" className="bg-slate-950 text-slate-300">
      <div className="px-4">
        <div className="mx-auto grid max-w-6xl gap-10 py-12 sm:grid-cols-2 lg:grid-cols-3">
          <section>
            <h2 className="text-lg font-bold text-white">{name}</h2>
            <p className="mt-3 text-sm leading-relaxed">{pickLanguage(organiser.tagline, i18n.language)}</p>
            <p className="mt-3 text-sm leading-relaxed">{pickLanguage(organiser.about, i18n.language)}</p>
          </section>
          <nav aria-labelledby="footer-quick-links">
            <h2 id="footer-quick-links" className="text-lg font-bold text-white">
              {t('quickLinks')}
            </h2>
            <ul className="mt-3 space-y-2 text-sm">
              {quickLinks.map((link) => (
                <li key={link.label}>
                  <Link to={link.to} className={linkClasses}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <section>
            <h2 className="text-lg font-bold text-white">{t('contactUs')}</h2>
            <dl className="mt-3 space-y-3 text-sm">
              <div>
                <dt className="font-semibold text-white">{t('address')}</dt>
                <dd>
                  <address className="not-italic">{pickLanguage(organiser.address, i18n.language)}</address>
                </dd>
              </div>
              <div>
                <dt className="font-semibold text-white">{t('phone')}</dt>
                <dd>
                  <a href={`tel:${organiser.phone.replace(/[^+\d]/g, '')}`} className={linkClasses}>
                    {organiser.phone}
                  </a>
                </dd>
              </div>
              <div>
                <dt className="font-semibold text-white">{t('email')}</dt>
                <dd>
                  <a href={`mailto:${organiser.email}`} className={linkClasses}>
                    {organiser.email}
                  </a>
                </dd>
              </div>
            </dl>
          </section>
        </div>
      </div>
      <div className="border-t border-white/10 px-4 py-5">
        <Copyright name={name} />
      </div>
    </footer>
  );
}

import { useTranslation } from 'react-i18next';
import { pickLanguage } from '../../../content/localised.ts';
import { partners } from '../../../content/partners.ts';

/** Ten partner cards (logo and name) in 1/2/3/5 columns; each opens the partner's page in a new tab. */
export function PartnersSection() {
  const { t, i18n } = useTranslation(['home', 'common']);
  return (
    <section aria-labelledby="partners-title" className="px-4 py-16">
      <div className="mx-auto max-w-6xl">
        <h2 id="partners-title" className="text-2xl font-bold text-slate-900 sm:text-3xl">
          {t('partners.title')}
        </h2>
        <p className="mt-3 text-slate-700">{t('partners.intro')}</p>
        <ul
          data-testid="partners-grid"
          className="mt-8 grid grid-cols-1 gap-4 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-5"
        >
          {partners.map((partner) => {
            const name = pickLanguage(partner.name, i18n.language);
            return (
              <li key={partner.id}>
                <a
                  href={partner.link}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="flex h-full min-h-11 items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 font-medium text-slate-800 hover:border-sky-400 hover:text-sky-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600"
                >
                  <img
                    src={partner.logo.src}
                    alt=""
                    width={partner.logo.width}
                    height={partner.logo.height}
                    loading="lazy"
                    decoding="async"
                    className="size-12 shrink-0 rounded-lg"
                  />
                  <span>
                    {name}
                    <span className="sr-only"> {t('common:opensInNewTab')}</span>
                  </span>
                </a>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}

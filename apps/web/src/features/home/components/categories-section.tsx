import { localiseNumber } from '@ngso/shared/language';
import { useTranslation } from 'react-i18next';
import { categories } from '../../../content/categories.ts';
import { pickLanguage } from '../../../content/localised.ts';

/** The three competition categories, each tagged 'Preliminary Round' with its share of participants. */
export function CategoriesSection() {
  const { t, i18n } = useTranslation('home');
  const percent = (value: number) =>
    localiseNumber(value, i18n.language, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return (
    <section aria-labelledby="categories-title" className="px-4 py-16">
      <div className="mx-auto max-w-6xl">
        <h2 id="categories-title" className="text-2xl font-bold text-slate-900 sm:text-3xl">
          {t('categories.title')}
        </h2>
        <p className="mt-3 text-slate-700">{t('categories.intro')}</p>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {categories.map((category) => (
            <li
              key={category.id}
              data-testid="category-card"
              className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
            >
              <p className="self-start rounded-full bg-sky-100 px-3 py-1 text-xs font-semibold text-sky-800">
                {t('categories.tag')}
              </p>
              <h3 className="mt-4 text-xl font-bold text-slate-900">
                {pickLanguage(category.title, i18n.language)}
              </h3>
              <p className="mt-2 flex-1 text-slate-700">
                {pickLanguage(category.description, i18n.language)}
              </p>
              <p className="mt-6 text-slate-700">
                <span className="text-3xl font-extrabold text-sky-700">
                  {percent(category.participantPercentage)}%
                </span>{' '}
                {t('categories.participants')}
              </p>
              <div className="mt-3 h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
                <div
                  className="h-full rounded-full bg-sky-500"
                  style={{ width: `${category.participantPercentage}%` }}
                />
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

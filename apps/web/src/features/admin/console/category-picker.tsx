import { CATEGORIES, type Category } from '@ngso/shared/constants';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

/** The category a console page works on, kept in the address (?category=). */
export function useCategoryParam(): [Category, (category: Category) => void] {
  const [search, setSearch] = useSearchParams();
  const value = search.get('category');
  const category = CATEGORIES.find((c) => c === value) ?? 'junior';
  const set = (next: Category) => {
    const params = new URLSearchParams(search);
    params.set('category', next);
    setSearch(params, { replace: true });
  };
  return [category, set];
}

/** Category tabs (buttons with aria-pressed): keyboard operable, fit on a phone. */
export function CategoryTabs({
  value,
  onChange,
}: {
  value: Category;
  onChange: (category: Category) => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <fieldset className="mb-4 flex flex-wrap gap-2">
      <legend className="sr-only">{t('categoryPicker')}</legend>
      {CATEGORIES.map((category) => (
        <button
          key={category}
          type="button"
          aria-pressed={category === value}
          onClick={() => onChange(category)}
          className={`min-h-11 rounded-lg px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-sky-500 ${
            category === value
              ? 'bg-sky-700 text-white'
              : 'bg-white text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50'
          }`}
        >
          {t(`category.${category}`)}
        </button>
      ))}
    </fieldset>
  );
}

import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { CATEGORY_WITH_GRADES } from '../category.ts';
import { selectRegistration } from '../slice.ts';

/** /national-round-registration-complete: what happens after the form (verification, then an e-mail). */
export function RegistrationComplete() {
  const { t } = useTranslation('registration');
  const { category } = useSelector(selectRegistration);
  return (
    <div className="space-y-6 rounded-2xl border border-emerald-200 bg-white p-5 shadow-sm sm:p-8">
      <div className="flex items-start gap-3">
        <svg
          viewBox="0 0 20 20"
          className="size-8 shrink-0 text-emerald-600"
          fill="currentColor"
          aria-hidden="true"
        >
          <path d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm3.7-9.3-4 4a1 1 0 0 1-1.4 0l-2-2a1 1 0 1 1 1.4-1.4L9 10.6l3.3-3.3a1 1 0 0 1 1.4 1.4Z" />
        </svg>
        <p className="text-lg font-semibold text-slate-900">{t('complete.heading')}</p>
      </div>
      {category ? (
        <p className="text-slate-700" data-testid="complete-category">
          {t('complete.category', { category: t(CATEGORY_WITH_GRADES[category]) })}
        </p>
      ) : null}
      <section aria-labelledby="complete-next">
        <h2 id="complete-next" className="text-base font-semibold text-slate-900">
          {t('complete.next')}
        </h2>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700">
          <li>{t('complete.verify')}</li>
          <li>{t('complete.email')}</li>
        </ul>
      </section>
      <Link to={paths.profile} className={buttonClasses('primary', 'w-full sm:w-auto')}>
        {t('backToProfile')}
      </Link>
    </div>
  );
}

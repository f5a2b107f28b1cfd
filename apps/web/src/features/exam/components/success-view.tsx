import type { Category } from '@ngso/shared/constants';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { formatInDhaka } from '../../../lib/dates.ts';

type SuccessViewProps = {
  submittedAt: string | null;
  answered: number | null;
  total: number;
  category: Category;
  /** Where the answer photos are (below the details). */
  children?: ReactNode;
};

/** The submission confirmation (spec section 2, Submission success). */
export function SuccessView({ submittedAt, answered, total, category, children }: SuccessViewProps) {
  const { t } = useTranslation('exam');
  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-8 sm:py-12" aria-labelledby="success-title">
      <div className="rounded-2xl border border-emerald-200 bg-emerald-50 p-6 text-center">
        <svg
          viewBox="0 0 20 20"
          className="mx-auto size-12 text-emerald-600"
          fill="currentColor"
          aria-hidden="true"
        >
          <path d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm3.7-9.3-4 4a1 1 0 0 1-1.4 0l-2-2a1 1 0 1 1 1.4-1.4L9 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4Z" />
        </svg>
        <h1 id="success-title" className="mt-3 text-2xl font-bold text-slate-900">
          {t('success.heading')}
        </h1>
      </div>
      <dl className="mt-6 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
        <div className="flex justify-between gap-4 px-5 py-3">
          <dt className="text-slate-600">{t('success.submittedAt')}</dt>
          <dd className="text-right font-semibold text-slate-900" data-testid="submitted-at">
            {submittedAt ? formatInDhaka(submittedAt, 'MMMM d, yyyy, h:mm:ss a') : '—'}
          </dd>
        </div>
        <div className="flex justify-between gap-4 px-5 py-3">
          <dt className="text-slate-600">{t('success.attempted')}</dt>
          <dd className="font-semibold text-slate-900" data-testid="attempted">
            {answered === null
              ? '—'
              : t('success.attemptedValue', { answered: String(answered), total: String(total) })}
          </dd>
        </div>
        <div className="flex justify-between gap-4 px-5 py-3">
          <dt className="text-slate-600">{t('success.totalQuestions')}</dt>
          <dd className="font-semibold text-slate-900" data-testid="total-questions">
            {total}
          </dd>
        </div>
        <div className="flex justify-between gap-4 px-5 py-3">
          <dt className="text-slate-600">{t('success.round')}</dt>
          <dd className="font-semibold text-slate-900" data-testid="round">
            {t('success.roundValue', { category: t(`category.${category}`) })}
          </dd>
        </div>
      </dl>
      {children}
      <h2 className="mt-8 text-lg font-semibold text-slate-900">{t('success.whatsNext')}</h2>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700">
        <li>{t('success.results')}</li>
        <li>{t('success.contact')}</li>
      </ul>
      <Link to={paths.profile} className={buttonClasses('primary', 'mt-8 w-full sm:w-auto')}>
        {t('returnToProfile')}
      </Link>
    </section>
  );
}

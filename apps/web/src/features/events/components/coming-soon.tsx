import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import { paths } from '../../../config/paths.ts';

/** Spec section 9: 75% complete, expected launch Q2 2025. */
const PERCENT_COMPLETE = 75;
const EXPECTED_LAUNCH = 'Q2 2025';

export function ComingSoon() {
  const { t } = useTranslation('events');
  const complete = t('comingSoon.complete', { percent: String(PERCENT_COMPLETE) });
  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-16 sm:py-24">
      <h1 className="text-3xl font-extrabold text-slate-900 sm:text-4xl">{t('comingSoon.title')}</h1>
      <p className="mt-4 text-lg text-slate-700">{t('comingSoon.text')}</p>
      <div className="mt-8">
        <div className="mb-2 flex justify-between text-sm font-semibold text-slate-800">
          <span>{t('comingSoon.progress')}</span>
          <span data-testid="coming-soon-percent">{complete}</span>
        </div>
        <ProgressBar value={PERCENT_COMPLETE} label={t('comingSoon.progress')} valueText={complete} />
      </div>
      <p className="mt-6 font-medium text-slate-800">{t('comingSoon.launch', { when: EXPECTED_LAUNCH })}</p>
      <Link to={paths.events} className={buttonClasses('secondary', 'mt-8')}>
        {t('comingSoon.back')}
      </Link>
    </section>
  );
}

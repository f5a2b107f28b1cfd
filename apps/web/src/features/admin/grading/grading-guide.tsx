import type { ClaimResult } from '@ngso/shared/schemas/grading';
import { useTranslation } from 'react-i18next';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';

/** The keyboard shortcuts, open above the answers (the digits or the rubric's items, by the question). */
export function GradingShortcuts({ byRubric }: { byRubric: boolean }) {
  const { t } = useTranslation('admin');
  return (
    <details className="mb-4 rounded-lg border border-slate-200 bg-white p-3 text-sm" open>
      <summary className="cursor-pointer font-semibold">{t('grading.shortcuts')}</summary>
      <ul className="mt-2 grid gap-1 sm:grid-cols-2">
        <li>{t('grading.keyNext')}</li>
        <li>{t('grading.keyPrevious')}</li>
        <li>{byRubric ? t('grading.keyRubric') : t('grading.keyNumber')}</li>
        <li>{t('grading.keyEnter')}</li>
        <li>{t('grading.keyZoom')}</li>
        <li>{t('grading.keyNames')}</li>
      </ul>
    </details>
  );
}

/** The question's counts: graded of all, held by graders now, and waiting for their photos. */
export function GradingCounts({ progress }: { progress: ClaimResult['progress'] }) {
  const { t } = useTranslation('admin');
  return (
    <div className="mb-4 lg:max-w-2xl">
      <p className="text-sm font-semibold text-slate-900" data-testid="graded-count">
        {t('grading.progress', { graded: String(progress.graded), total: String(progress.total) })}
      </p>
      <ProgressBar
        value={progress.total ? (progress.graded / progress.total) * 100 : 0}
        label={t('grading.progress', { graded: String(progress.graded), total: String(progress.total) })}
      />
      <p className="mt-1 text-sm text-slate-600" data-testid="held-count">
        {t('grading.heldCount', { count: progress.claimed })}
      </p>
      {progress.waiting ? (
        <p className="mt-1 text-sm text-slate-600" data-testid="waiting-count">
          {t('grading.waitingCount', { count: progress.waiting })}
        </p>
      ) : null}
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';

/** While the exam loads. */
export function ExamLoading() {
  const { t } = useTranslation('exam');
  return (
    <div className="flex min-h-[50dvh] items-center justify-center gap-3 text-slate-700" role="status">
      <Spinner />
      {t('loading')}
    </div>
  );
}

/** The exam could not be loaded (no connection): try again. */
export function ExamLoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('exam');
  return (
    <div className="mx-auto max-w-xl space-y-4 px-4 py-12">
      <Alert tone="error">{t('loadError')}</Alert>
      <Button onClick={onRetry}>{t('tryAgain')}</Button>
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { serverMessage } from '../../../lib/api-error.ts';

/** Loading and failure of a console read. */
export function Loading() {
  const { t } = useTranslation('admin');
  return (
    <div className="flex items-center gap-2 py-6 text-slate-600" role="status">
      <Spinner />
      {t('loading')}
    </div>
  );
}

export function LoadError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <Alert tone="error">
      {serverMessage(error) ?? t('loadError')}{' '}
      {onRetry ? (
        <button type="button" className="font-semibold underline" onClick={onRetry}>
          {t('retry')}
        </button>
      ) : null}
    </Alert>
  );
}

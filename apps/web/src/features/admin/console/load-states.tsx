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

/** A console list's read: loading, its failure, or its `none` sentence once it has read an empty list. */
export function ListReadStates({
  read,
  empty,
  none,
}: {
  read: { isLoading: boolean; isError: boolean; error?: unknown; data?: unknown; refetch: () => void };
  empty: boolean;
  none: string;
}) {
  return (
    <>
      {read.isLoading ? <Loading /> : null}
      {read.isError ? <LoadError error={read.error} onRetry={read.refetch} /> : null}
      {read.data && empty ? <p className="text-sm text-slate-600">{none}</p> : null}
    </>
  );
}

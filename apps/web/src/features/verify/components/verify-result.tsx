import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { LoadingStatus } from '../../../components/ui/loading-status.tsx';
import { errorStatus, serverMessage } from '../../../lib/api-error.ts';
import { useVerifyAdmitCardQuery } from '../api.ts';
import { CertificateCheckView } from './certificate-check.tsx';
import { VerifiedRow } from './verified-row.tsx';

/**
 * The public check of a QR code: an admit card's name, roll number, category and status, a certificate's
 * answer (certificate-check.tsx), or that nothing matches.
 */
export function VerifyResult({ code }: { code: string }) {
  const { t } = useTranslation('verify');
  const { data, error, isLoading, isFetching, refetch } = useVerifyAdmitCardQuery(code);

  if (isLoading) {
    return <LoadingStatus label={t('loading')} />;
  }

  if (error !== undefined && errorStatus(error) === 404) {
    return (
      <Alert tone="error" className="text-base">
        <span data-testid="verify-not-found">{serverMessage(error) ?? t('notFound')}</span>
      </Alert>
    );
  }

  if (!data) {
    return (
      <LoadFailed message={t('error')} retryLabel={t('tryAgain')} pending={isFetching} onRetry={refetch} />
    );
  }

  if ('document' in data) return <CertificateCheckView check={data} />;

  return (
    <div className="space-y-4 rounded-2xl border border-emerald-200 bg-white p-5 shadow-sm sm:p-6">
      <p className="font-semibold text-emerald-800">{t('valid')}</p>
      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <VerifiedRow label={t('name')} value={data.name} testId="verify-name" />
        <VerifiedRow label={t('rollNumber')} value={data.roll_number} testId="verify-roll" />
        <VerifiedRow label={t('category')} value={t(`category.${data.category}`)} testId="verify-category" />
        <VerifiedRow
          label={t('status')}
          value={t(`status.${data.registration_status}`)}
          testId="verify-status"
        />
      </dl>
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useCertificateDownload } from '../certificate-download.ts';

/** The finalist's "Download certificate" button, on the published result: spinner while pending, then errors. */
export function CertificateButton() {
  const { t } = useTranslation('results');
  const { pending, error, download } = useCertificateDownload();
  return (
    <div className="space-y-3 rounded-2xl border border-emerald-200 bg-emerald-50 p-4">
      <p className="text-sm text-emerald-900">{t('certificate.intro')}</p>
      <Button pending={pending} pendingText={t('certificate.pending')} onClick={() => void download()}>
        {t('certificate.download')}
      </Button>
      {error !== null ? (
        <Alert tone="error">
          <span data-testid="certificate-error">{error || t('certificate.error')}</span>
        </Alert>
      ) : null}
    </div>
  );
}

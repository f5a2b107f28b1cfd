import { localiseDigits } from '@ngso/shared/language';
import type { CertificateCheck } from '@ngso/shared/schemas/certificates';
import { useTranslation } from 'react-i18next';
import { VerifiedRow } from './verified-row.tsx';

/** A certificate's QR code answered: it is genuine, and whose, which award and which year; nothing more. */
export function CertificateCheckView({ check }: { check: CertificateCheck }) {
  const { t, i18n } = useTranslation('verify');
  return (
    <div className="space-y-4 rounded-2xl border border-emerald-200 bg-white p-5 shadow-sm sm:p-6">
      <p className="font-semibold text-emerald-800" data-testid="certificate-genuine">
        {t('certificate.genuine')}
      </p>
      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        {(
          [
            [t('name'), check.name, 'certificate-name'],
            [t('certificate.award'), t(`certificate.award.${check.award}`), 'certificate-award'],
            [t('certificate.year'), localiseDigits(String(check.year), i18n.language), 'certificate-year'],
          ] as const
        ).map(([label, value, testId]) => (
          <VerifiedRow key={testId} label={label} value={value} testId={testId} />
        ))}
      </dl>
    </div>
  );
}

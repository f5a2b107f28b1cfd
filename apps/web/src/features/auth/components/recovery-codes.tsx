import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';

/** The recovery codes, shown once after the set-up; the staff member says they saved them to go on. */
export function RecoveryCodes({ codes, onContinue }: { codes: string[]; onContinue: () => void }) {
  const { t } = useTranslation('access');
  return (
    <div className="space-y-4">
      <Alert tone="success">{t('twoFactor.enabledNotice')}</Alert>
      <h2 className="font-semibold text-slate-900">{t('twoFactor.codesTitle')}</h2>
      <p className="text-sm text-slate-700">{t('twoFactor.codesIntro')}</p>
      <ol
        aria-label={t('twoFactor.codesTitle')}
        className="grid grid-cols-2 gap-2 rounded-lg bg-slate-100 p-3 font-mono text-sm text-slate-900"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <Button type="button" className="w-full" onClick={onContinue}>
        {t('twoFactor.codesSaved')}
      </Button>
    </div>
  );
}

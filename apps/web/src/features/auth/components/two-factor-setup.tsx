import type { TwoFactorSetup as Setup } from '@ngso/shared/schemas/two-factor';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { serverMessage } from '../../../lib/api-error.ts';
import { useConfirmTwoFactorMutation, useSetupTwoFactorMutation } from '../two-factor-api.ts';
import { TwoFactorCodeForm } from './two-factor-code-form.tsx';

/** The secret in groups of four, easier to type into an app. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * Setting up the second factor: a QR code (and the key as text) for the authenticator app, then a first
 * code from it; the recovery codes the server answers go to `onEnabled`.
 */
export function TwoFactorSetup({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const { t } = useTranslation('access');
  const [start, started] = useSetupTwoFactorMutation();
  const [confirm] = useConfirmTwoFactorMutation();
  const [setup, setSetup] = useState<Setup>();
  const asked = useRef(false);

  const begin = () => {
    start()
      .unwrap()
      .then(setSetup)
      .catch(() => undefined);
  };
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    begin();
  });

  if (started.isError) {
    return (
      <div className="space-y-4">
        <Alert tone="error">{serverMessage(started.error) ?? t('twoFactor.setupError')}</Alert>
        <Button type="button" variant="secondary" onClick={begin}>
          {t('twoFactor.retry')}
        </Button>
      </div>
    );
  }
  if (!setup) {
    return (
      <p className="flex items-center justify-center gap-3 text-sm text-slate-700" role="status">
        <Spinner />
        {t('twoFactor.loading')}
      </p>
    );
  }
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">{t('twoFactor.setupIntro')}</p>
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qr_svg)}`}
        alt={t('twoFactor.qrAlt')}
        width={200}
        height={200}
        className="mx-auto size-48 rounded-lg border border-slate-200 bg-white p-2"
      />
      <div className="text-sm text-slate-700">
        <p>{t('twoFactor.secretLabel')}</p>
        <code
          data-testid="two-factor-secret"
          className="mt-1 block rounded bg-slate-100 px-3 py-2 font-mono text-base break-all text-slate-900"
        >
          {grouped(setup.secret)}
        </code>
      </div>
      <TwoFactorCodeForm
        submitLabel={t('twoFactor.enable')}
        pendingLabel={t('twoFactor.enabling')}
        onCode={async (input) => {
          if (!('code' in input)) return;
          const answer = await confirm(input).unwrap();
          onEnabled(answer.recovery_codes);
        }}
      />
    </div>
  );
}

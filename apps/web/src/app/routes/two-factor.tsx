import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { AuthShell } from '../../features/auth/components/auth-shell.tsx';
import { RecoveryCodes } from '../../features/auth/components/recovery-codes.tsx';
import { TwoFactorCodeForm } from '../../features/auth/components/two-factor-code-form.tsx';
import { TwoFactorSetup } from '../../features/auth/components/two-factor-setup.tsx';
import { selectUser } from '../../features/auth/slice.ts';
import { useTwoFactorStateQuery, useVerifyTwoFactorMutation } from '../../features/auth/two-factor-api.ts';
import { serverMessage } from '../../lib/api-error.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/**
 * /two-factor: staff confirm their sign-in before the console: set up the authenticator app the first
 * time (then the recovery codes, once), or enter its code. Then on to the page they wanted.
 */
const STAFF_PAGES = [paths.admin, paths.verify.replace(':code', '')];

export function Component() {
  const { t } = useTranslation('access');
  const user = useSelector(selectUser);
  const navigate = useNavigate();
  const from = (useLocation().state as { from?: string } | null)?.from;
  // Back to the staff page that asked (the console, or an admit card's check at the venue's door).
  const next = from && STAFF_PAGES.some((page) => from.startsWith(page)) ? from : paths.admin;
  const state = useTwoFactorStateQuery();
  const [verify] = useVerifyTwoFactorMutation();
  const [codes, setCodes] = useState<string[]>();
  useDocumentTitle(t('twoFactor.title'));

  let body: ReactNode;
  if (codes) body = <RecoveryCodes codes={codes} onContinue={() => navigate(next, { replace: true })} />;
  else if (state.isError) {
    body = (
      <div className="space-y-4">
        <Alert tone="error">{serverMessage(state.error) ?? t('twoFactor.error')}</Alert>
        <Button type="button" variant="secondary" onClick={() => state.refetch()}>
          {t('twoFactor.retry')}
        </Button>
      </div>
    );
  } else if (!state.data) {
    body = (
      <p className="flex items-center justify-center gap-3 text-sm text-slate-700" role="status">
        <Spinner />
        {t('twoFactor.loading')}
      </p>
    );
  } else if (!state.data.required) return <Navigate to={paths.profile} replace />;
  else if (state.data.passed) return <Navigate to={next} replace />;
  else if (!state.data.enabled) body = <TwoFactorSetup onEnabled={setCodes} />;
  else {
    body = (
      <div className="space-y-4">
        <p className="text-sm text-slate-700">{t('twoFactor.verifyIntro', { email: user?.email ?? '' })}</p>
        <TwoFactorCodeForm
          allowRecovery
          submitLabel={t('twoFactor.verify')}
          pendingLabel={t('twoFactor.verifying')}
          onCode={async (input) => {
            await verify(input).unwrap();
            navigate(next, { replace: true });
          }}
        />
      </div>
    );
  }
  return <AuthShell title={t('twoFactor.title')}>{body}</AuthShell>;
}

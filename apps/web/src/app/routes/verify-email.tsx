import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { useVerifyEmailMutation } from '../../features/auth/api.ts';
import { AuthShell } from '../../features/auth/components/auth-shell.tsx';
import { selectIsAuthenticated } from '../../features/auth/slice.ts';
import { serverMessage } from '../../lib/api-error.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

const linkClass = 'font-semibold text-sky-700 underline-offset-2 hover:underline';

/**
 * /verify-email?token=: the page of the link mailed to prove an address. It sends the token once, on
 * opening (the link works once), and says how it went; no sign-in is needed.
 */
export function Component() {
  const { t } = useTranslation('access');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const signedIn = useSelector(selectIsAuthenticated);
  const [verify, result] = useVerifyEmailMutation();
  const sent = useRef(false);
  useDocumentTitle(t('verifyEmail.title'));

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    void verify({ token });
  }, [token, verify]);

  const next = signedIn ? (
    <Link to={paths.profile} className={linkClass}>
      {t('verifyEmail.toProfile')}
    </Link>
  ) : (
    <Link to={paths.login} className={linkClass}>
      {t('verifyEmail.toLogin')}
    </Link>
  );

  let body: ReactNode;
  if (!token) body = <Alert tone="error">{t('verifyEmail.incomplete')}</Alert>;
  else if (result.isSuccess) body = <Alert tone="success">{result.data.message}</Alert>;
  else if (result.isError) {
    body = <Alert tone="error">{serverMessage(result.error) ?? t('verifyEmail.error')}</Alert>;
  } else {
    body = (
      <p className="flex items-center justify-center gap-3 text-sm text-slate-700" role="status">
        <Spinner />
        {t('verifyEmail.pending')}
      </p>
    );
  }

  return (
    <AuthShell title={t('verifyEmail.title')}>
      <div className="space-y-4">
        {body}
        {result.isLoading || result.isUninitialized ? null : <p className="text-center text-sm">{next}</p>}
      </div>
    </AuthShell>
  );
}

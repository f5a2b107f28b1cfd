import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { paths } from '../../config/paths.ts';
import { AuthShell } from '../../features/auth/components/auth-shell.tsx';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function Component() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const email = params.get('email')?.trim() ?? '';
  useDocumentTitle(t('reset.title'));

  if (!token || !email) {
    return (
      <AuthShell title={t('reset.title')}>
        <div className="space-y-4">
          <Alert tone="error">{t('reset.invalidLink')}</Alert>
          <p className="text-center text-sm">
            <Link
              to={paths.forgotPassword}
              className="font-semibold text-sky-700 underline-offset-2 hover:underline"
            >
              {t('reset.requestNew')}
            </Link>
          </p>
        </div>
      </AuthShell>
    );
  }

  return (
    <AuthShell title={t('reset.title')} subtitle={t('reset.subtitle', { email })}>
      <ResetPasswordForm token={token} email={email} />
    </AuthShell>
  );
}

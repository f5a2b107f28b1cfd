import { useTranslation } from 'react-i18next';
import { AuthShell } from '../../features/auth/components/auth-shell.tsx';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';

export function Component() {
  const { t } = useTranslation('auth');
  usePageMeta('forgotPassword');
  return (
    <AuthShell title={t('forgot.title')} subtitle={t('forgot.subtitle')}>
      <ForgotPasswordForm />
    </AuthShell>
  );
}

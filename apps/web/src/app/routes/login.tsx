import { useTranslation } from 'react-i18next';
import { AuthShell } from '../../features/auth/components/auth-shell.tsx';
import { LoginForm } from '../../features/auth/components/login-form.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';

export function Component() {
  const { t } = useTranslation('auth');
  usePageMeta('login');
  return (
    <AuthShell title={t('login.title')} subtitle={t('login.subtitle')}>
      <LoginForm />
    </AuthShell>
  );
}

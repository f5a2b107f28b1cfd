import { useTranslation } from 'react-i18next';
import { AuthShell } from '../../features/auth/components/auth-shell.tsx';
import { RegisterForm } from '../../features/auth/components/register-form.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';

export function Component() {
  const { t } = useTranslation('auth');
  usePageMeta('register');
  return (
    <AuthShell title={t('register.title')} subtitle={t('register.subtitle')}>
      <RegisterForm />
    </AuthShell>
  );
}

import { useTranslation } from 'react-i18next';
import { AuthShell } from '../../features/auth/components/auth-shell.tsx';
import { LoginForm } from '../../features/auth/components/login-form.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function Component() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('login.title'));
  return (
    <AuthShell title={t('login.title')} subtitle={t('login.subtitle')}>
      <LoginForm />
    </AuthShell>
  );
}

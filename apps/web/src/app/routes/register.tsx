import { useTranslation } from 'react-i18next';
import { AuthShell } from '../../features/auth/components/auth-shell.tsx';
import { RegisterForm } from '../../features/auth/components/register-form.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function Component() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('register.title'));
  return (
    <AuthShell title={t('register.title')} subtitle={t('register.subtitle')}>
      <RegisterForm />
    </AuthShell>
  );
}

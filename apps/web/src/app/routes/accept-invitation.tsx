import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { AcceptInvitationForm } from '../../features/auth/components/accept-invitation-form.tsx';
import { AuthShell } from '../../features/auth/components/auth-shell.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** /accept-invitation?token=: the page of the link an organiser's invitation mails to a new grader or admin. */
export function Component() {
  const { t } = useTranslation('access');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  useDocumentTitle(t('invitation.title'));
  return (
    <AuthShell title={t('invitation.title')} subtitle={token ? t('invitation.subtitle') : undefined}>
      {token ? (
        <AcceptInvitationForm token={token} />
      ) : (
        <Alert tone="error">{t('invitation.incomplete')}</Alert>
      )}
    </AuthShell>
  );
}

import { RESEND_LOCK_SECONDS } from '@ngso/shared/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { failureMessage } from '../../../lib/api-failure.ts';
import { formatCountdown } from '../../../lib/countdown.ts';
import { useDeferredMutation } from '../../../lib/deferred-mutation.ts';
import { deferredChecks, useNativeForm } from '../../../lib/native-form.ts';
import { useCountdown } from '../../../lib/use-countdown.ts';
import { AuthForm, EmailField, PageLink, SubmitButton } from './form-parts.tsx';

/** The form's checks and its call, loaded when first needed (docs/decisions/075-sign-in-forms-without-a-form-library.md). */
const checks = deferredChecks(() =>
  import('@ngso/shared/schemas/auth').then((schemas) => schemas.ForgotPasswordSchema),
);
const loadForgotPassword = () => import('../api.ts').then(({ authApi }) => authApi.endpoints.forgotPassword);

const lockUntil = () => Date.now() + RESEND_LOCK_SECONDS * 1000;

function BackToLogin() {
  const { t } = useTranslation('auth');
  return <PageLink to={paths.login}>{t('forgot.backToLogin')}</PageLink>;
}

/** The Email Sent view: a 90-second lock shown as m:ss, then Resend Link, which restarts it. */
function EmailSent({ email }: { email: string }) {
  const { t } = useTranslation('auth');
  const [sendLink, { isLoading }] = useDeferredMutation(loadForgotPassword);
  const [deadline, setDeadline] = useState(lockUntil);
  const [notice, setNotice] = useState<'sent' | 'resent'>('sent');
  const [error, setError] = useState<string>();
  const secondsLeft = useCountdown(deadline);

  const resend = async () => {
    setError(undefined);
    try {
      await sendLink({ email });
      setNotice('resent');
      setDeadline(lockUntil());
    } catch (failure) {
      setError(failureMessage(failure) ?? t('forgot.resendError'));
    }
  };

  return (
    <div className="space-y-4">
      <h2 className="text-lg font-semibold text-slate-900">{t('forgot.sentTitle')}</h2>
      <Alert tone="success">
        {notice === 'sent' ? t('forgot.sent') : t('forgot.resent')} {t('forgot.sentTo', { email })}
      </Alert>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {secondsLeft > 0 ? (
        <p className="text-center text-sm text-slate-600" data-testid="resend-countdown">
          {t('forgot.resendIn', { time: formatCountdown(secondsLeft) })}
        </p>
      ) : (
        <Button
          variant="secondary"
          className="w-full"
          pending={isLoading}
          pendingText={t('forgot.resendPending')}
          onClick={resend}
        >
          {t('forgot.resend')}
        </Button>
      )}
      <BackToLogin />
    </div>
  );
}

/** Request a password reset link by e-mail. */
export function ForgotPasswordForm() {
  const { t } = useTranslation('auth');
  const [sendLink] = useDeferredMutation(loadForgotPassword);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { form, errors, formError, submitting, showFailure } = useNativeForm({
    checks,
    fields: ['email'],
    unavailable: t('forgot.error'),
    onValid: async (values) => {
      try {
        await sendLink(values);
        setSentTo(values.email);
      } catch (failure) {
        showFailure(failure, t('forgot.error'));
      }
    },
  });

  if (sentTo) return <EmailSent email={sentTo} />;

  return (
    <AuthForm {...form} label={t('forgot.title')} error={formError}>
      <EmailField name="email" error={errors.email} />
      <SubmitButton pending={submitting} pendingText={t('forgot.pending')}>
        {t('forgot.submit')}
      </SubmitButton>
      <BackToLogin />
    </AuthForm>
  );
}

import { RESEND_LOCK_SECONDS } from '@ngso/shared/constants';
import type { ForgotPasswordSchema } from '@ngso/shared/schemas/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { paths } from '../../../config/paths.ts';
import { translateMessage } from '../../../i18n/message.ts';
import { failureFieldErrors, failureMessage } from '../../../lib/api-failure.ts';
import { formatCountdown } from '../../../lib/countdown.ts';
import { useDeferredMutation } from '../../../lib/deferred-mutation.ts';
import { showFieldErrors } from '../../../lib/field-errors.ts';
import { lazyZodResolver } from '../../../lib/lazy-resolver.ts';
import { useCountdown } from '../../../lib/use-countdown.ts';

/** The form's checks and its call, loaded when first needed (docs/decisions/069-script-budget-per-route.md). */
const resolver = lazyZodResolver<typeof ForgotPasswordSchema>(() =>
  import('@ngso/shared/schemas/auth').then((schemas) => schemas.ForgotPasswordSchema),
);
const loadForgotPassword = () => import('../api.ts').then(({ authApi }) => authApi.endpoints.forgotPassword);

const lockUntil = () => Date.now() + RESEND_LOCK_SECONDS * 1000;

function BackToLogin() {
  const { t } = useTranslation('auth');
  return (
    <p className="text-center text-sm">
      <Link to={paths.login} className="font-semibold text-sky-700 underline-offset-2 hover:underline">
        {t('forgot.backToLogin')}
      </Link>
    </p>
  );
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
  const [sendLink, { isLoading }] = useDeferredMutation(loadForgotPassword);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [formError, setFormError] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver,
    mode: 'onTouched',
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      await sendLink(values);
      setSentTo(values.email);
    } catch (failure) {
      showFieldErrors(failureFieldErrors(failure), setError, ['email']);
      setFormError(failureMessage(failure) ?? t('forgot.error'));
    }
  });

  if (sentTo) return <EmailSent email={sentTo} />;

  return (
    // POST: a form sent before the app has started (the page shows before its code arrives) must not put
    // what was typed into the address.
    <form onSubmit={onSubmit} method="post" noValidate className="space-y-4" aria-label={t('forgot.title')}>
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      <TextField
        label={t('email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        error={translateMessage(errors.email?.message)}
        {...register('email')}
      />
      <Button type="submit" className="w-full" pending={isLoading} pendingText={t('forgot.pending')}>
        {t('forgot.submit')}
      </Button>
      <BackToLogin />
    </form>
  );
}

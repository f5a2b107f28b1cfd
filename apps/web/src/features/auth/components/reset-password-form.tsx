import { RESET_REDIRECT_MS } from '@ngso/shared/constants';
import type { ResetPasswordFormSchema } from '@ngso/shared/schemas/auth';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { PasswordStrengthMeter } from '../../../components/ui/password-strength.tsx';
import { paths } from '../../../config/paths.ts';
import { translateMessage } from '../../../i18n/message.ts';
import { failureFieldErrors, failureMessage } from '../../../lib/api-failure.ts';
import { useDeferredMutation } from '../../../lib/deferred-mutation.ts';
import { lazyZodResolver } from '../../../lib/lazy-resolver.ts';
import { passwordConfirmation } from '../../../lib/password-confirmation.ts';

/** The form's checks and its call, loaded when first needed (docs/decisions/069-script-budget-per-route.md). */
const resolver = lazyZodResolver<typeof ResetPasswordFormSchema>(() =>
  import('@ngso/shared/schemas/auth').then((schemas) => schemas.ResetPasswordFormSchema),
);
const loadResetPassword = () => import('../api.ts').then(({ authApi }) => authApi.endpoints.resetPassword);

type ResetPasswordFormProps = { token: string; email: string };

/** Set a new password with the token and e-mail from the link; then to /login after 3 seconds. */
export function ResetPasswordForm({ token, email }: ResetPasswordFormProps) {
  const { t } = useTranslation(['auth', 'messages']);
  const navigate = useNavigate();
  const [resetPassword, { isLoading }] = useDeferredMutation(loadResetPassword);
  const [done, setDone] = useState(false);
  const [formError, setFormError] = useState<string>();
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors },
  } = useForm({
    resolver,
    mode: 'onTouched',
    defaultValues: { password: '', confirm_password: '' },
  });

  const password = watch('password');
  const confirmation = passwordConfirmation(
    password,
    watch('confirm_password'),
    errors.confirm_password?.message,
  );

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate(paths.login, { replace: true }), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const onSubmit = handleSubmit(async ({ password: newPassword }) => {
    setFormError(undefined);
    try {
      await resetPassword({ token, email, password: newPassword });
      setDone(true);
    } catch (failure) {
      const fieldError = failureFieldErrors(failure).password;
      if (fieldError) setError('password', { type: 'server', message: fieldError });
      setFormError(failureMessage(failure) ?? t('reset.error'));
    }
  });

  if (done) {
    return (
      <div className="space-y-2">
        <Alert tone="success">{t('reset.success')}</Alert>
        <p className="text-center text-sm text-slate-600">{t('reset.redirecting')}</p>
      </div>
    );
  }

  return (
    // POST: a form sent before the app has started (the page shows before its code arrives) must not put
    // what was typed into the address.
    <form onSubmit={onSubmit} method="post" noValidate className="space-y-4" aria-label={t('reset.title')}>
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      <PasswordField
        label={t('newPassword')}
        autoComplete="new-password"
        error={translateMessage(errors.password?.message)}
        below={<PasswordStrengthMeter password={password} />}
        {...register('password')}
      />
      <PasswordField
        label={t('confirmNewPassword')}
        autoComplete="new-password"
        error={confirmation.error}
        {...register('confirm_password')}
      />
      <Button
        type="submit"
        className="w-full"
        disabled={confirmation.mismatch}
        pending={isLoading}
        pendingText={t('reset.pending')}
      >
        {t('reset.submit')}
      </Button>
    </form>
  );
}

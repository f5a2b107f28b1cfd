import { RESET_REDIRECT_MS } from '@ngso/shared/constants';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { NewPasswordFields } from '../../../components/ui/new-password-fields.tsx';
import { paths } from '../../../config/paths.ts';
import { useDeferredMutation } from '../../../lib/deferred-mutation.ts';
import { deferredChecks, useNativeForm } from '../../../lib/native-form.ts';
import { passwordConfirmation } from '../../../lib/password-confirmation.ts';
import { AuthForm, SubmitButton } from './form-parts.tsx';

/** The form's checks and its call, loaded when first needed (docs/decisions/075-sign-in-forms-without-a-form-library.md). */
const checks = deferredChecks(() =>
  import('@ngso/shared/schemas/auth').then((schemas) => schemas.ResetPasswordFormSchema),
);
const loadResetPassword = () => import('../api.ts').then(({ authApi }) => authApi.endpoints.resetPassword);

const FIELDS = ['password', 'confirm_password'] as const;

type ResetPasswordFormProps = { token: string; email: string };

/** Set a new password with the token and e-mail from the link; then to /login after 3 seconds. */
export function ResetPasswordForm({ token, email }: ResetPasswordFormProps) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [resetPassword] = useDeferredMutation(loadResetPassword);
  const [done, setDone] = useState(false);
  const { form, values, errors, formError, submitting, showFailure } = useNativeForm({
    checks,
    fields: FIELDS,
    unavailable: t('reset.error'),
    onValid: async ({ password }) => {
      try {
        await resetPassword({ token, email, password });
        setDone(true);
      } catch (failure) {
        showFailure(failure, t('reset.error'));
      }
    },
  });
  const confirmation = passwordConfirmation(
    values.password,
    values.confirm_password,
    errors.confirm_password,
  );

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate(paths.login, { replace: true }), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  if (done) {
    return (
      <div className="space-y-2">
        <Alert tone="success">{t('reset.success')}</Alert>
        <p className="text-center text-sm text-slate-600">{t('reset.redirecting')}</p>
      </div>
    );
  }

  return (
    <AuthForm {...form} label={t('reset.title')} error={formError}>
      <NewPasswordFields
        labels={{ password: t('newPassword'), confirmation: t('confirmNewPassword') }}
        password={values.password}
        errors={{ password: errors.password, confirmation: confirmation.error }}
        inputs={{ password: { name: 'password' }, confirmation: { name: 'confirm_password' } }}
      />
      <SubmitButton disabled={confirmation.mismatch} pending={submitting} pendingText={t('reset.pending')}>
        {t('reset.submit')}
      </SubmitButton>
    </AuthForm>
  );
}

import { AcceptInvitationFormSchema } from '@ngso/shared/schemas/auth';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { NewPasswordFields } from '../../../components/ui/new-password-fields.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { paths } from '../../../config/paths.ts';
import { translateMessage } from '../../../i18n/message.ts';
import { serverMessage } from '../../../lib/api-error.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { useNewPasswordForm } from '../../../lib/new-password-form.ts';
import { useAcceptInvitationMutation } from '../api.ts';
import { AuthForm, SubmitButton } from './form-parts.tsx';

/** Accept a staff invitation: name and a new password; the answer signs this device in, then the console. */
export function AcceptInvitationForm({ token }: { token: string }) {
  const { t } = useTranslation(['access', 'auth', 'messages']);
  const navigate = useNavigate();
  const [accept, { isLoading }] = useAcceptInvitationMutation();
  const [formError, setFormError] = useState<string>();
  const form = useNewPasswordForm(
    AcceptInvitationFormSchema,
    { name: '', password: '', confirm_password: '' },
    'confirm_password',
  );

  const onSubmit = form.handleSubmit(async ({ name, password: newPassword }) => {
    setFormError(undefined);
    try {
      await accept({ token, name, password: newPassword }).unwrap();
      navigate(paths.admin, { replace: true });
    } catch (failure) {
      applyServerFieldErrors(failure, form.setError, ['name', 'password']);
      setFormError(serverMessage(failure) ?? t('invitation.error'));
    }
  });

  return (
    <AuthForm onSubmit={onSubmit} label={t('invitation.title')} error={formError}>
      <TextField
        label={t('invitation.name')}
        autoComplete="name"
        error={translateMessage(form.formState.errors.name?.message)}
        {...form.register('name')}
      />
      <NewPasswordFields
        labels={{ password: t('auth:newPassword'), confirmation: t('auth:confirmNewPassword') }}
        password={form.password}
        errors={{ password: form.formState.errors.password?.message, confirmation: form.confirmation.error }}
        inputs={{ password: form.register('password'), confirmation: form.register('confirm_password') }}
      />
      <SubmitButton
        disabled={form.confirmation.mismatch}
        pending={isLoading}
        pendingText={t('invitation.pending')}
      >
        {t('invitation.submit')}
      </SubmitButton>
    </AuthForm>
  );
}

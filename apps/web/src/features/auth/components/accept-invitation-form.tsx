import { zodResolver } from '@hookform/resolvers/zod';
import { AcceptInvitationFormSchema } from '@ngso/shared/schemas/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { PasswordStrengthMeter } from '../../../components/ui/password-strength.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { paths } from '../../../config/paths.ts';
import { translateMessage } from '../../../i18n/message.ts';
import { serverMessage } from '../../../lib/api-error.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { passwordConfirmation } from '../../../lib/password-confirmation.ts';
import { useAcceptInvitationMutation } from '../api.ts';

/** Accept a staff invitation: name and a new password; the answer signs this device in, then the console. */
export function AcceptInvitationForm({ token }: { token: string }) {
  const { t } = useTranslation(['auth', 'messages']);
  const navigate = useNavigate();
  const [accept, { isLoading }] = useAcceptInvitationMutation();
  const [formError, setFormError] = useState<string>();
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(AcceptInvitationFormSchema),
    mode: 'onTouched',
    defaultValues: { name: '', password: '', confirm_password: '' },
  });
  const password = watch('password');
  const confirmation = passwordConfirmation(
    password,
    watch('confirm_password'),
    errors.confirm_password?.message,
  );

  const onSubmit = handleSubmit(async ({ name, password: newPassword }) => {
    setFormError(undefined);
    try {
      await accept({ token, name, password: newPassword }).unwrap();
      navigate(paths.admin, { replace: true });
    } catch (failure) {
      applyServerFieldErrors(failure, setError, ['name', 'password']);
      setFormError(serverMessage(failure) ?? t('invitation.error'));
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      method="post"
      noValidate
      className="space-y-4"
      aria-label={t('invitation.title')}
    >
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      <TextField
        label={t('invitation.name')}
        autoComplete="name"
        error={translateMessage(errors.name?.message)}
        {...register('name')}
      />
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
        pendingText={t('invitation.pending')}
      >
        {t('invitation.submit')}
      </Button>
    </form>
  );
}

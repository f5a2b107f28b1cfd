import { ChangePasswordFormSchema } from '@ngso/shared/schemas/account';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { NewPasswordFields } from '../../../components/ui/new-password-fields.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { translateMessage } from '../../../i18n/message.ts';
import { serverMessage } from '../../../lib/api-error.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { useNewPasswordForm } from '../../../lib/new-password-form.ts';
import { useChangePasswordMutation } from '../security-api.ts';

const FIELDS = ['current_password', 'password', 'password_confirmation'] as const;

type ChangePasswordModalProps = {
  open: boolean;
  onClose: () => void;
  /** The account's e-mail, for password managers (they save the new password under it). */
  email?: string;
};

export function ChangePasswordModal({ open, onClose, email }: ChangePasswordModalProps) {
  const { t } = useTranslation('profile');
  return (
    <Modal open={open} onClose={onClose} title={t('password.title')} closeLabel={t('close')}>
      <ChangePasswordForm onDone={onClose} email={email} />
    </Modal>
  );
}

/**
 * Change Password (OWASP ASVS 5.0 V6.2.3): the current password, the new one with the strength meter, and
 * its confirmation. The server's field errors (a wrong current password, a common new one) show beside their
 * fields; on success the form gives way to the server's sentence.
 */
function ChangePasswordForm({ onDone, email }: { onDone: () => void; email?: string }) {
  const { t } = useTranslation(['profile', 'messages']);
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const [done, setDone] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const form = useNewPasswordForm(
    ChangePasswordFormSchema,
    { current_password: '', password: '', password_confirmation: '' },
    'password_confirmation',
  );

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      const answer = await changePassword(values).unwrap();
      setDone(answer.message || t('password.done'));
    } catch (failure) {
      applyServerFieldErrors(failure, form.setError, FIELDS);
      setFormError(serverMessage(failure) ?? t('password.failed'));
    }
  });

  if (done) {
    return (
      <div className="space-y-4">
        <Alert tone="success">{done}</Alert>
        <div className="flex justify-end">
          <Button onClick={onDone}>{t('close')}</Button>
        </div>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t('password.title')}>
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      <PasswordField
        label={t('password.current')}
        autoComplete="current-password"
        error={translateMessage(form.formState.errors.current_password?.message)}
        {...form.register('current_password')}
      />
      <NewPasswordFields
        labels={{ password: t('password.new'), confirmation: t('password.confirm') }}
        hint={t('password.hint')}
        password={form.password}
        errors={{ password: form.formState.errors.password?.message, confirmation: form.confirmation.error }}
        inputs={{ password: form.register('password'), confirmation: form.register('password_confirmation') }}
      />
      {/* For password managers: the account the new password belongs to (not shown, not focusable). */}
      {email ? <input type="email" autoComplete="username" value={email} readOnly hidden /> : null}
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone}>
          {t('cancel')}
        </Button>
        <Button
          type="submit"
          disabled={form.confirmation.mismatch}
          pending={isLoading}
          pendingText={t('password.saving')}
        >
          {t('password.save')}
        </Button>
      </div>
    </form>
  );
}

import { RecoveryCodeSchema, TotpCodeSchema } from '@ngso/shared/schemas/two-factor';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { translateMessage } from '../../../i18n/message.ts';
import { serverFieldErrors, serverMessage } from '../../../lib/api-error.ts';

type Props = {
  /** Sends the code; rejects with the server's error. */
  onCode: (input: { code: string } | { recovery_code: string }) => Promise<unknown>;
  submitLabel: string;
  pendingLabel: string;
  /** Whether a recovery code may be given instead (signing in, not setting up). */
  allowRecovery?: boolean;
};

/** One field for a 6-digit code from the authenticator app, or a recovery code when allowed. */
export function TwoFactorCodeForm({ onCode, submitLabel, pendingLabel, allowRecovery = false }: Props) {
  const { t } = useTranslation(['access', 'messages']);
  const [recovery, setRecovery] = useState(false);
  const [formError, setFormError] = useState<string>();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ defaultValues: { code: '' } });

  const onSubmit = handleSubmit(async ({ code }) => {
    setFormError(undefined);
    // The shared rule of the field shown: six digits, or a recovery code.
    const parsed = (recovery ? RecoveryCodeSchema : TotpCodeSchema).safeParse(code);
    if (!parsed.success) {
      setError('code', { type: 'validate', message: parsed.error.issues[0]?.message });
      return;
    }
    try {
      await onCode(recovery ? { recovery_code: parsed.data } : { code: parsed.data });
    } catch (failure) {
      const fields = serverFieldErrors(failure);
      const fieldError = fields.code ?? fields.recovery_code;
      if (fieldError) setError('code', { type: 'server', message: fieldError });
      else setFormError(serverMessage(failure) ?? t('twoFactor.error'));
    }
  });

  return (
    <form onSubmit={onSubmit} method="post" noValidate className="space-y-4">
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      <TextField
        label={recovery ? t('twoFactor.recoveryCode') : t('twoFactor.code')}
        autoComplete="one-time-code"
        inputMode={recovery ? 'text' : 'numeric'}
        autoCapitalize="off"
        spellCheck={false}
        error={translateMessage(errors.code?.message)}
        {...register('code')}
      />
      <Button type="submit" className="w-full" pending={isSubmitting} pendingText={pendingLabel}>
        {submitLabel}
      </Button>
      {allowRecovery ? (
        <button
          type="button"
          className="w-full text-center text-sm font-semibold text-sky-700 underline-offset-2 hover:underline"
          onClick={() => {
            setRecovery(!recovery);
            reset({ code: '' });
            setFormError(undefined);
          }}
        >
          {recovery ? t('twoFactor.useCode') : t('twoFactor.useRecovery')}
        </button>
      ) : null}
    </form>
  );
}

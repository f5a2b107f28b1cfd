import type { ComponentProps } from 'react';
import { translateMessage } from '../../i18n/message.ts';
import { PasswordField } from './password-field.tsx';
import { PasswordStrengthMeter } from './password-strength.tsx';

type InputProps = Omit<ComponentProps<'input'>, 'type'>;

type NewPasswordProps = {
  labels: { password: string; confirmation: string };
  /** Help under the new password. */
  hint?: string;
  /** The new password as typed (for the strength meter). */
  password: string;
  /** The errors to show: the new password's (a message key or a sentence), the confirmation's (shown as is). */
  errors: { password?: string; confirmation?: string };
  /** Each input's props: its name at least (a form library's `register` result, or just the name). */
  inputs: { password: InputProps; confirmation: InputProps };
};

/** A new password with its strength meter, and its confirmation (register, reset, invitation, change). */
export function NewPasswordFields({ labels, hint, password, errors, inputs }: NewPasswordProps) {
  return (
    <>
      <PasswordField
        label={labels.password}
        autoComplete="new-password"
        hint={hint}
        error={translateMessage(errors.password)}
        below={<PasswordStrengthMeter password={password} />}
        {...inputs.password}
      />
      <PasswordField
        label={labels.confirmation}
        autoComplete="new-password"
        error={errors.confirmation}
        {...inputs.confirmation}
      />
    </>
  );
}

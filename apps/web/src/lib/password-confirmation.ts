import { catalogueMessage, translateMessage } from '../i18n/message.ts';

/**
 * A new password's confirmation as the forms show it while the student types (register, reset, change):
 * the mismatch is said as soon as the confirmation differs, not only on submit, and the schema's own message
 * for the field (if any) comes first. `mismatch` lets a form hold its submit button back.
 */
export function passwordConfirmation(
  password: string,
  confirmation: string,
  schemaError: string | undefined,
): { mismatch: boolean; error: string | undefined } {
  const mismatch = confirmation.length > 0 && confirmation !== password;
  // Said once its text is loaded (a sign-in page loads the catalogue with the form's checks).
  const error =
    translateMessage(schemaError) ?? (mismatch ? catalogueMessage('password.mismatch') : undefined);
  return { mismatch, error };
}

import { zodResolver } from '@hookform/resolvers/zod';
import { type DefaultValues, type FieldValues, type Path, useForm } from 'react-hook-form';
import type { ZodType } from 'zod';
import { passwordConfirmation } from './password-confirmation.ts';

/**
 * A react-hook-form form that sets a new password (`password`) with its confirmation (accepting an
 * invitation, changing one's password): checked by `schema` as fields are left, with the new password as
 * typed (for the strength meter) and its confirmation as the form shows it (lib/password-confirmation.ts).
 */
export function useNewPasswordForm<Input extends FieldValues, Output extends FieldValues>(
  schema: ZodType<Output, Input>,
  defaultValues: DefaultValues<Input>,
  confirmationField: Path<Input>,
) {
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues,
  });
  const password = String(form.watch('password' as Path<Input>) ?? '');
  const confirmation = passwordConfirmation(
    password,
    String(form.watch(confirmationField) ?? ''),
    form.getFieldState(confirmationField, form.formState).error?.message,
  );
  return { ...form, password, confirmation };
}

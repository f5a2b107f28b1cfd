import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { serverFieldErrors } from './api-error.ts';
import { showFieldErrors } from './field-errors.ts';

/** Shows the server's field errors beside their fields; returns whether any was shown. */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  return showFieldErrors(serverFieldErrors(error), setError, fields);
}

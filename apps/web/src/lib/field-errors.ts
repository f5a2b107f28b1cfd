import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

/** Shows field errors (field → message) beside those of `fields` the form has; returns whether any was shown. */
export function showFieldErrors<T extends FieldValues>(
  fieldErrors: Readonly<Record<string, string>>,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  let shown = false;
  for (const [field, message] of Object.entries(fieldErrors)) {
    const name = fields.find((candidate) => candidate === field);
    if (name) {
      setError(name, { type: 'server', message }, { shouldFocus: !shown });
      shown = true;
    }
  }
  return shown;
}

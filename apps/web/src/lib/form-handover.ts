import type { RefObject } from 'react';
import type { FieldValues, UseFormProps, UseFormReturn } from 'react-hook-form';

/**
 * What a deferred form (deferred-form.tsx) and its react-hook-form controller (form-controller.tsx) share:
 * the API the form uses, its options, and the values typed before the library arrived.
 */

/** What the sign-in forms use of react-hook-form's `useForm`. */
export type DeferredFormApi<Values extends FieldValues, Output> = Pick<
  UseFormReturn<Values, unknown, Output>,
  'register' | 'handleSubmit' | 'watch' | 'setError'
> & { formState: Pick<UseFormReturn<Values, unknown, Output>['formState'], 'errors'> };

export type DeferredFormOptions<Values extends FieldValues, Output> = UseFormProps<
  Values,
  unknown,
  Output
> & {
  defaultValues: Values;
};

/** The form controller's props (form-controller.tsx). */
export type FormControllerProps<Values extends FieldValues, Output> = {
  options: DeferredFormOptions<Values, Output>;
  form: RefObject<HTMLFormElement | null>;
  onForm: (form: DeferredFormApi<Values, Output>) => void;
};

/** The values typed in `form`'s fields (the library's or not), over the form's defaults. */
export function typedValues<Values extends FieldValues>(
  form: HTMLFormElement | null,
  defaults: Values,
): Values {
  const values: Record<string, unknown> = { ...defaults };
  for (const name of Object.keys(defaults)) {
    const field = form?.elements.namedItem(name);
    if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) values[name] = field.value;
  }
  return values as Values;
}

import { memo, useLayoutEffect } from 'react';
import { type FieldValues, useForm } from 'react-hook-form';
import { type FormControllerProps, typedValues } from './form-handover.ts';

/**
 * react-hook-form for a deferred form (deferred-form.tsx), loaded with the library: it starts from what
 * was typed, and hands the form's API to the form after each of its renders (every change of a value or
 * an error), so the form shows them.
 */
function FormController<Values extends FieldValues, Output>({
  options,
  form,
  onForm,
}: FormControllerProps<Values, Output>) {
  const api = useForm<Values, unknown, Output>({
    ...options,
    defaultValues: typedValues(form.current, options.defaultValues) as never,
  });
  // Read here, so that this component renders again when they change.
  const { errors } = api.formState;
  api.watch();
  useLayoutEffect(() => {
    onForm({
      register: api.register,
      handleSubmit: api.handleSubmit,
      watch: api.watch,
      setError: api.setError,
      formState: { errors },
    });
  });
  return null;
}

export default memo(FormController) as typeof FormController;

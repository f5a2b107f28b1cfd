import { forwardRef, type InputHTMLAttributes, type ReactNode, useId } from 'react';

export const inputClasses = (invalid: boolean) =>
  `block w-full min-h-11 rounded-lg border bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-400 focus:outline-2 focus:outline-offset-1 focus:outline-sky-500 ${
    invalid ? 'border-red-500' : 'border-slate-300'
  }`;

/** The ids that link a field to its hint and error (aria-describedby). */
export function useFieldIds(id: string | undefined, hint: ReactNode, error: string | undefined) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const describedBy =
    [hint ? `${inputId}-hint` : null, error ? `${inputId}-error` : null].filter(Boolean).join(' ') ||
    undefined;
  return { inputId, describedBy };
}

/** What a field shows under itself: its hint, anything else, then its error (announced when it appears). */
export function FieldNotes({
  inputId,
  hint,
  below,
  error,
}: {
  inputId: string;
  hint?: ReactNode;
  below?: ReactNode;
  error?: string;
}) {
  return (
    <>
      {hint ? (
        <p id={`${inputId}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {below}
      {error ? (
        <p id={`${inputId}-error`} className="mt-1 text-sm text-red-700" aria-live="polite">
          {error}
        </p>
      ) : null}
    </>
  );
}

export const fieldLabelClasses = 'mb-1 block text-sm font-medium text-slate-800';

/** A field's frame: its label, the control (the child, with the id `inputId`), then its notes. */
export function LabelledField({
  inputId,
  label,
  hint,
  below,
  error,
  className,
  children,
}: {
  inputId: string;
  label: string;
  hint?: ReactNode;
  below?: ReactNode;
  error?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={inputId} className={fieldLabelClasses}>
        {label}
      </label>
      {children}
      <FieldNotes inputId={inputId} hint={hint} below={below} error={error} />
    </div>
  );
}

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  /** The error to show under the field, already translated. */
  error?: string;
  /** Help text under the field. */
  hint?: ReactNode;
  /** Something under the input, before the error (e.g. a strength meter). */
  below?: ReactNode;
  /** Something inside the input's right edge (e.g. a show/hide button). */
  trailing?: ReactNode;
};

/** A labelled input whose error and hint are linked with aria-describedby. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, below, trailing, id, className = '', ...rest },
  ref,
) {
  const { inputId, describedBy } = useFieldIds(id, hint, error);
  return (
    <LabelledField
      inputId={inputId}
      label={label}
      hint={hint}
      below={below}
      error={error}
      className={className}
    >
      <div className="relative">
        <input
          ref={ref}
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`${inputClasses(Boolean(error))} ${trailing ? 'pr-20' : ''}`}
          {...rest}
        />
        {trailing ? (
          <div className="absolute inset-y-0 right-0 flex items-center pr-1">{trailing}</div>
        ) : null}
      </div>
    </LabelledField>
  );
});

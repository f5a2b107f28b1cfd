import { forwardRef, type InputHTMLAttributes, type ReactNode, useId } from 'react';

export const inputClasses = (invalid: boolean) =>
  `block w-full min-h-11 rounded-lg border bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-400 focus:outline-2 focus:outline-offset-1 focus:outline-sky-500 ${
    invalid ? 'border-red-500' : 'border-slate-300'
  }`;

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
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
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
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {below}
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-700" aria-live="polite">
          {error}
        </p>
      ) : null}
    </div>
  );
});

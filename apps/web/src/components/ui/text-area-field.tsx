import { forwardRef, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { inputClasses, LabelledField, useFieldIds } from './text-field.tsx';

type TextAreaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string;
  /** The error to show under the field, already translated. */
  error?: string;
  /** Help text under the field. */
  hint?: ReactNode;
};

/** A labelled text of several lines whose error and hint are linked with aria-describedby. */
export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { label, error, hint, id, className = '', rows = 4, ...rest },
  ref,
) {
  const { inputId, describedBy } = useFieldIds(id, hint, error);
  return (
    <LabelledField inputId={inputId} label={label} hint={hint} error={error} className={className}>
      <textarea
        ref={ref}
        id={inputId}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={inputClasses(Boolean(error))}
        {...rest}
      />
    </LabelledField>
  );
});

import type { InputHTMLAttributes, ReactNode } from 'react';
import { LabelledField, useFieldIds } from './text-field.tsx';

/** A file input's look: the browser's own control, its button as a soft grey button. */
export const fileInputClasses =
  'block w-full text-sm file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-slate-100 file:px-4 file:font-semibold';

type FileFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'onChange' | 'id'> & {
  label: string;
  /** Help text under the field, linked with aria-describedby. */
  hint?: ReactNode;
  /** The files chosen (none when the choice is cleared). */
  onFiles: (files: File[]) => void;
};

/** A labelled file picker. */
export function FileField({ label, hint, onFiles, className = fileInputClasses, ...rest }: FileFieldProps) {
  const { inputId, describedBy } = useFieldIds(undefined, hint, undefined);
  return (
    <LabelledField inputId={inputId} label={label} hint={hint}>
      <input
        id={inputId}
        type="file"
        aria-describedby={describedBy}
        className={className}
        onChange={(event) => onFiles([...(event.target.files ?? [])])}
        {...rest}
      />
    </LabelledField>
  );
}

import { forwardRef, type InputHTMLAttributes, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from './text-field.tsx';

type PasswordFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  label: string;
  error?: string;
  hint?: ReactNode;
  below?: ReactNode;
};

/** A password input with a Show/Hide toggle. */
export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(
  function PasswordField(props, ref) {
    const { t } = useTranslation();
    const [visible, setVisible] = useState(false);
    return (
      <TextField
        ref={ref}
        type={visible ? 'text' : 'password'}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        {...props}
        trailing={
          <button
            type="button"
            onClick={() => setVisible((shown) => !shown)}
            aria-pressed={visible}
            className="min-h-9 rounded-md px-3 text-sm font-medium text-sky-700 hover:bg-sky-50 focus-visible:outline-2 focus-visible:outline-sky-500"
          >
            {/* Named by its text, not aria-label, so the field's own label stays unique. */}
            <span aria-hidden="true">{visible ? t('hide') : t('show')}</span>
            <span className="sr-only">{visible ? t('hidePassword') : t('showPassword')}</span>
          </button>
        }
      />
    );
  },
);

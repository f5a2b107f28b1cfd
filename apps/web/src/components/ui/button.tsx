import type { ButtonHTMLAttributes } from 'react';
import { Spinner } from './spinner.tsx';

type Variant = 'primary' | 'secondary' | 'ghost';

const VARIANTS: Record<Variant, string> = {
  primary: 'bg-sky-700 text-white hover:bg-sky-800 disabled:bg-sky-700/60',
  secondary: 'bg-white text-slate-900 ring-1 ring-slate-300 hover:bg-slate-50 disabled:opacity-60',
  ghost: 'bg-transparent text-sky-700 hover:bg-sky-50 disabled:opacity-60',
};

export const buttonClasses = (variant: Variant = 'primary', extra = '') =>
  `inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-5 py-2.5 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-500 disabled:cursor-not-allowed ${VARIANTS[variant]} ${extra}`;

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: Variant;
  /** While true the button is disabled and shows a spinner (a request is pending). */
  pending?: boolean;
  /** Text shown while pending, e.g. 'Logging in...'. */
  pendingText?: string;
};

export function Button({
  variant = 'primary',
  pending = false,
  pendingText,
  disabled,
  className = '',
  type = 'button',
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      className={buttonClasses(variant, className)}
      {...rest}
    >
      {pending ? <Spinner className="size-4" /> : null}
      {pending && pendingText ? pendingText : children}
    </button>
  );
}

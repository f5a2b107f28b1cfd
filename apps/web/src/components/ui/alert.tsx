import type { ReactNode } from 'react';

type AlertProps = {
  tone: 'error' | 'success' | 'info';
  children: ReactNode;
  className?: string;
  /** Shown only, not announced: a live region elsewhere says the same (the exam's time announcer). */
  silent?: boolean;
};

const TONES = {
  error: 'border-red-200 bg-red-50 text-red-800',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-800',
  info: 'border-sky-200 bg-sky-50 text-sky-800',
};

/** A message about the form as a whole; announced to screen readers when it appears. */
export function Alert({ tone, children, className = '', silent = false }: AlertProps) {
  return (
    <div
      role={silent ? undefined : tone === 'error' ? 'alert' : 'status'}
      className={`rounded-lg border px-4 py-3 text-sm ${TONES[tone]} ${className}`}
    >
      {children}
    </div>
  );
}

/** What an action came to: done, or refused (in the reader's language). */
export type Outcome = { tone: 'success' | 'error'; text: string };

/** An action's outcome in an alert; nothing before there is one. */
export function OutcomeAlert({ outcome }: { outcome: Outcome | null | undefined }) {
  return outcome ? <Alert tone={outcome.tone}>{outcome.text}</Alert> : null;
}

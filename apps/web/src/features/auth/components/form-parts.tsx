import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { translateMessage } from '../../../i18n/message.ts';

type FormProps = Omit<ComponentProps<'form'>, 'className' | 'aria-label'> & {
  label: string;
  /** The form's own message (the server's sentence, or the form's fallback). */
  error: string | undefined;
};

/**
 * A sign-in form: its message above its fields. Sent with POST: a form sent before the app has started
 * (the page shows before its code arrives) must not put what was typed into the address.
 */
export function AuthForm({ label, error, children, ...form }: FormProps) {
  return (
    <form method="post" noValidate {...form} className="space-y-4" aria-label={label}>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {children}
    </form>
  );
}

type InputProps = Omit<ComponentProps<'input'>, 'type'>;

/** The e-mail field of the sign-in forms; `error` is a message key or a sentence. */
export function EmailField({ error, ...input }: InputProps & { error?: string }) {
  const { t } = useTranslation('auth');
  return (
    <TextField
      label={t('email')}
      type="email"
      autoComplete="email"
      inputMode="email"
      error={translateMessage(error)}
      {...input}
    />
  );
}

/** A form's full-width submit button, with its spinner and text while the form is being sent. */
export function SubmitButton({
  pending,
  pendingText,
  disabled,
  children,
}: {
  pending: boolean;
  pendingText: string;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Button type="submit" className="w-full" disabled={disabled} pending={pending} pendingText={pendingText}>
      {children}
    </Button>
  );
}

/** A link to another sign-in page under a form, after an optional lead-in ("No account?"). */
export function PageLink({ to, lead, children }: { to: string; lead?: string; children: ReactNode }) {
  return (
    <p className="text-center text-sm text-slate-600">
      {lead ? `${lead} ` : null}
      <Link to={to} className="font-semibold text-sky-700 underline-offset-2 hover:underline">
        {children}
      </Link>
    </p>
  );
}

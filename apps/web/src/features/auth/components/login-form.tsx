import type { LoginSchema } from '@ngso/shared/schemas/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { paths } from '../../../config/paths.ts';
import { translateMessage } from '../../../i18n/message.ts';
import { failureFieldErrors, failureMessage } from '../../../lib/api-failure.ts';
import { useDeferredMutation } from '../../../lib/deferred-mutation.ts';
import { showFieldErrors } from '../../../lib/field-errors.ts';
import { lazyZodResolver } from '../../../lib/lazy-resolver.ts';

/** The form's checks and its call, loaded when first needed (docs/decisions/069-script-budget-per-route.md). */
const resolver = lazyZodResolver<typeof LoginSchema>(() =>
  import('@ngso/shared/schemas/auth').then((schemas) => schemas.LoginSchema),
);
const loadLogin = () => import('../api.ts').then(({ authApi }) => authApi.endpoints.login);

/** Sign in. On success the store holds the user; the route's guard moves on to the wanted page. */
export function LoginForm() {
  const { t } = useTranslation('auth');
  const [login, { isLoading }] = useDeferredMutation(loadLogin);
  const [formError, setFormError] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver,
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      await login(values);
    } catch (failure) {
      showFieldErrors(failureFieldErrors(failure), setError, ['email', 'password']);
      setFormError(failureMessage(failure) ?? t('login.error'));
    }
  });

  return (
    // POST: a form sent before the app has started (the page shows before its code arrives) must not put
    // what was typed into the address.
    <form onSubmit={onSubmit} method="post" noValidate className="space-y-4" aria-label={t('login.title')}>
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      <TextField
        label={t('email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        error={translateMessage(errors.email?.message)}
        {...register('email')}
      />
      <PasswordField
        label={t('password')}
        autoComplete="current-password"
        error={translateMessage(errors.password?.message)}
        {...register('password')}
      />
      <div className="text-right text-sm">
        <Link
          to={paths.forgotPassword}
          className="font-semibold text-sky-700 underline-offset-2 hover:underline"
        >
          {t('login.forgot')}
        </Link>
      </div>
      <Button type="submit" className="w-full" pending={isLoading} pendingText={t('login.pending')}>
        {t('login.submit')}
      </Button>
      <p className="text-center text-sm text-slate-600">
        {t('login.noAccount')}{' '}
        <Link to={paths.register} className="font-semibold text-sky-700 underline-offset-2 hover:underline">
          {t('login.registerLink')}
        </Link>
      </p>
    </form>
  );
}

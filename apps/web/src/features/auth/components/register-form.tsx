import type { RegisterFormSchema } from '@ngso/shared/schemas/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { PasswordStrengthMeter } from '../../../components/ui/password-strength.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { paths } from '../../../config/paths.ts';
import { translateMessage } from '../../../i18n/message.ts';
import { failureFieldErrors, failureMessage } from '../../../lib/api-failure.ts';
import { useDeferredMutation } from '../../../lib/deferred-mutation.ts';
import { showFieldErrors } from '../../../lib/field-errors.ts';
import { lazyZodResolver } from '../../../lib/lazy-resolver.ts';
import { passwordConfirmation } from '../../../lib/password-confirmation.ts';

/** The form's checks and its call, loaded when first needed (docs/decisions/069-script-budget-per-route.md). */
const resolver = lazyZodResolver<typeof RegisterFormSchema>(() =>
  import('@ngso/shared/schemas/auth').then((schemas) => schemas.RegisterFormSchema),
);
const loadRegister = () => import('../api.ts').then(({ authApi }) => authApi.endpoints.register);

const FIELDS = ['name', 'email', 'password', 'phone_number'] as const;

/**
 * Account creation. On success the server signs the student in and the store holds the user;
 * the page then moves on to /profile (see the route's guard).
 */
export function RegisterForm() {
  const { t } = useTranslation(['auth', 'messages']);
  const [registerAccount, { isLoading }] = useDeferredMutation(loadRegister);
  const [formError, setFormError] = useState<string>();
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors },
  } = useForm({
    resolver,
    mode: 'onTouched',
    defaultValues: { name: '', email: '', password: '', confirm_password: '', phone_number: '' },
  });

  const password = watch('password');
  const confirmation = passwordConfirmation(
    password,
    watch('confirm_password'),
    errors.confirm_password?.message,
  );

  const onSubmit = handleSubmit(async ({ confirm_password: _confirmation, ...values }) => {
    setFormError(undefined);
    try {
      const response = await registerAccount(values);
      if (response.status !== 'success') setFormError(t('register.failed'));
    } catch (failure) {
      showFieldErrors(failureFieldErrors(failure), setError, FIELDS);
      setFormError(failureMessage(failure) ?? t('register.error'));
    }
  });

  return (
    // POST: a form sent before the app has started (the page shows before its code arrives) must not put
    // what was typed into the address.
    <form onSubmit={onSubmit} method="post" noValidate className="space-y-4" aria-label={t('register.title')}>
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      <TextField
        label={t('name')}
        autoComplete="name"
        error={translateMessage(errors.name?.message)}
        {...register('name')}
      />
      <TextField
        label={t('email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        error={translateMessage(errors.email?.message)}
        {...register('email')}
      />
      <TextField
        label={t('phoneNumber')}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        hint={t('phoneHint')}
        error={translateMessage(errors.phone_number?.message)}
        {...register('phone_number')}
      />
      <PasswordField
        label={t('password')}
        autoComplete="new-password"
        error={translateMessage(errors.password?.message)}
        below={<PasswordStrengthMeter password={password} />}
        {...register('password')}
      />
      <PasswordField
        label={t('confirmPassword')}
        autoComplete="new-password"
        error={confirmation.error}
        {...register('confirm_password')}
      />
      <Button type="submit" className="w-full" pending={isLoading} pendingText={t('register.pending')}>
        {t('register.submit')}
      </Button>
      <p className="text-center text-sm text-slate-600">
        {t('register.haveAccount')}{' '}
        <Link to={paths.login} className="font-semibold text-sky-700 underline-offset-2 hover:underline">
          {t('register.loginLink')}
        </Link>
      </p>
    </form>
  );
}

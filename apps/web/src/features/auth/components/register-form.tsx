import { useTranslation } from 'react-i18next';
import { NewPasswordFields } from '../../../components/ui/new-password-fields.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { paths } from '../../../config/paths.ts';
import { translateMessage } from '../../../i18n/message.ts';
import { useDeferredMutation } from '../../../lib/deferred-mutation.ts';
import { deferredChecks, useNativeForm } from '../../../lib/native-form.ts';
import { passwordConfirmation } from '../../../lib/password-confirmation.ts';
import { AuthForm, EmailField, PageLink, SubmitButton } from './form-parts.tsx';

/** The form's checks and its call, loaded when first needed (docs/decisions/075-sign-in-forms-without-a-form-library.md). */
const checks = deferredChecks(() =>
  import('@ngso/shared/schemas/auth').then((schemas) => schemas.RegisterFormSchema),
);
const loadRegister = () => import('../api.ts').then(({ authApi }) => authApi.endpoints.register);

const FIELDS = ['name', 'email', 'phone_number', 'password', 'confirm_password'] as const;

/**
 * Account creation. On success the server signs the student in and the store holds the user;
 * the page then moves on to /profile (see the route's guard).
 */
export function RegisterForm() {
  const { t } = useTranslation('auth');
  const [registerAccount] = useDeferredMutation(loadRegister);
  const { form, values, errors, formError, submitting, showFailure } = useNativeForm({
    checks,
    fields: FIELDS,
    unavailable: t('register.error'),
    onValid: async ({ confirm_password: _confirmation, ...account }) => {
      try {
        const response = await registerAccount(account);
        if (response.status !== 'success') showFailure(undefined, t('register.failed'));
      } catch (failure) {
        showFailure(failure, t('register.error'));
      }
    },
  });
  const confirmation = passwordConfirmation(
    values.password,
    values.confirm_password,
    errors.confirm_password,
  );

  return (
    <AuthForm {...form} label={t('register.title')} error={formError}>
      <TextField name="name" label={t('name')} autoComplete="name" error={translateMessage(errors.name)} />
      <EmailField name="email" error={errors.email} />
      <TextField
        name="phone_number"
        label={t('phoneNumber')}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        hint={t('phoneHint')}
        error={translateMessage(errors.phone_number)}
      />
      <NewPasswordFields
        labels={{ password: t('password'), confirmation: t('confirmPassword') }}
        password={values.password}
        errors={{ password: errors.password, confirmation: confirmation.error }}
        inputs={{ password: { name: 'password' }, confirmation: { name: 'confirm_password' } }}
      />
      <SubmitButton pending={submitting} pendingText={t('register.pending')}>
        {t('register.submit')}
      </SubmitButton>
      <PageLink to={paths.login} lead={t('register.haveAccount')}>
        {t('register.loginLink')}
      </PageLink>
    </AuthForm>
  );
}

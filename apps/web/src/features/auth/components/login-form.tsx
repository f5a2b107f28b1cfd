import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { paths } from '../../../config/paths.ts';
import { translateMessage } from '../../../i18n/message.ts';
import { useDeferredMutation } from '../../../lib/deferred-mutation.ts';
import { deferredChecks, useNativeForm } from '../../../lib/native-form.ts';
import { AuthForm, EmailField, PageLink, SubmitButton } from './form-parts.tsx';

/** The form's checks and its call, loaded when first needed (docs/decisions/075-sign-in-forms-without-a-form-library.md). */
const checks = deferredChecks(() =>
  import('@ngso/shared/schemas/auth').then((schemas) => schemas.LoginSchema),
);
const loadLogin = () => import('../api.ts').then(({ authApi }) => authApi.endpoints.login);

const FIELDS = ['email', 'password'] as const;

/** Sign in. On success the store holds the user; the route's guard moves on to the wanted page. */
export function LoginForm() {
  const { t } = useTranslation('auth');
  const [login] = useDeferredMutation(loadLogin);
  const { form, errors, formError, submitting, showFailure } = useNativeForm({
    checks,
    fields: FIELDS,
    unavailable: t('login.error'),
    onValid: async (values) => {
      try {
        await login(values);
      } catch (failure) {
        showFailure(failure, t('login.error'));
      }
    },
  });

  return (
    <AuthForm {...form} label={t('login.title')} error={formError}>
      <EmailField name="email" error={errors.email} />
      <PasswordField
        name="password"
        label={t('password')}
        autoComplete="current-password"
        error={translateMessage(errors.password)}
      />
      <div className="text-right text-sm">
        <Link
          to={paths.forgotPassword}
          className="font-semibold text-sky-700 underline-offset-2 hover:underline"
        >
          {t('login.forgot')}
        </Link>
      </div>
      <SubmitButton pending={submitting} pendingText={t('login.pending')}>
        {t('login.submit')}
      </SubmitButton>
      <PageLink to={paths.register} lead={t('login.noAccount')}>
        {t('login.registerLink')}
      </PageLink>
    </AuthForm>
  );
}

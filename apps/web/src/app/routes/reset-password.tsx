import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { paths } from '../../config/paths.ts';
import { AuthShell } from '../../features/auth/components/auth-shell.tsx';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';

/** Never shown: an address of a usual length, so that the subtitle's lines stay when the real one comes. */
const PLACE_KEEPER = 'student.name@example.com';

/**
 * The mailed link's page. It is pre-rendered (with the form: the HTML is the same for every link) and its
 * link's token and e-mail are read once the app has taken the page over; till then the subtitle keeps its
 * place without the address.
 */
export function Component() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const hydrated = useHydrated();
  const token = params.get('token')?.trim() ?? '';
  const email = params.get('email')?.trim() ?? '';
  usePageMeta('resetPassword');

  if (hydrated && (!token || !email)) {
    return (
      <AuthShell title={t('reset.title')}>
        <div className="space-y-4">
          <Alert tone="error">{t('reset.invalidLink')}</Alert>
          <p className="text-center text-sm">
            <Link
              to={paths.forgotPassword}
              className="font-semibold text-sky-700 underline-offset-2 hover:underline"
            >
              {t('reset.requestNew')}
            </Link>
          </p>
        </div>
      </AuthShell>
    );
  }

  return (
    <AuthShell
      title={t('reset.title')}
      subtitle={
        <span className={hydrated ? undefined : 'invisible'}>
          {t('reset.subtitle', { email: hydrated ? email : PLACE_KEEPER })}
        </span>
      }
    >
      <ResetPasswordForm token={token} email={email} />
    </AuthShell>
  );
}

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
/** Stands for the address in the subtitle's text, to split the text around it (a private-use character). */
const ADDRESS = '\uE000';

/**
 * The mailed link's page. It is pre-rendered (with the form: the HTML is the same for every link) and its
 * link's token and e-mail are read once the app has taken the page over; till then the subtitle's words are
 * on screen and only the address's place is kept. In Bangla the subtitle (two lines on a phone) is the page's
 * largest text: drawn with the page, the page's largest paint comes with its first one, not once the app has
 * started (its LCP; docs/performance.md, issue 46).
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

  const [before = '', after = ''] = t('reset.subtitle', { email: ADDRESS }).split(ADDRESS);
  return (
    <AuthShell
      title={t('reset.title')}
      subtitle={
        <>
          {before}
          <span className={hydrated ? undefined : 'invisible'}>{hydrated ? email : PLACE_KEEPER}</span>
          {after}
        </>
      }
    >
      <ResetPasswordForm token={token} email={email} />
    </AuthShell>
  );
}

import { isStaff } from '@ngso/shared/constants';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { useParams } from 'react-router';
import { Spinner } from '../../components/ui/spinner.tsx';
import { selectUser } from '../../features/auth/slice.ts';
import { VerifyResult } from '../../features/verify/components/verify-result.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** Staff only: loaded (with the console's texts) when a staff member opens the page at the venue's door. */
const CheckInPanel = lazy(() => import('../../features/check-in/components/check-in-panel.tsx'));

/** /verify/:code (public): the page an admit card's QR code opens; staff also check the entrant in here. */
export function Component() {
  const { t } = useTranslation('verify');
  const { code = '' } = useParams();
  const user = useSelector(selectUser);
  useDocumentTitle(t('title'));
  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-10 sm:py-16">
      <h1 className="mb-6 text-2xl font-bold text-slate-900 sm:text-3xl">{t('title')}</h1>
      <VerifyResult code={code} />
      {isStaff(user?.role) ? (
        <Suspense fallback={<Spinner className="mt-6 size-5 text-sky-600" />}>
          <CheckInPanel code={code} />
        </Suspense>
      ) : null}
    </section>
  );
}

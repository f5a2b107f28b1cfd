import { OWN_TRANSPORT } from '@ngso/shared/pickup-spots';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { LoadingStatus } from '../../../components/ui/loading-status.tsx';
import { paths } from '../../../config/paths.ts';
import { errorStatus, serverMessage } from '../../../lib/api-error.ts';
import { formatInDhaka } from '../../../lib/dates.ts';
import { useTwoFactorStateQuery } from '../../auth/two-factor-api.ts';
import { useCheckInMutation, useEntrantForCheckInQuery } from '../api.ts';

const TIME = 'd MMM, HH:mm';

/**
 * Below an admit card's public check, for staff at the venue's door: who the card belongs to, whether they
 * have arrived, and a Check in button. Staff pass their second factor first, as for the console.
 */
export default function CheckInPanel({ code }: { code: string }) {
  const { t } = useTranslation('admin');
  const headingId = useId();
  const location = useLocation();
  const secondFactor = useTwoFactorStateQuery();
  const passed = secondFactor.data?.passed === true;
  const entrant = useEntrantForCheckInQuery(code, { skip: !passed });
  const [checkIn, checking] = useCheckInMutation();

  let body: ReactNode;
  if (secondFactor.isLoading || entrant.isLoading) {
    body = <LoadingStatus label={t('checkIn.loading')} />;
  } else if (secondFactor.data && !passed) {
    body = (
      <p className="text-slate-700">
        {t('checkIn.secondFactor')}{' '}
        <Link
          to={paths.twoFactor}
          state={{ from: `${location.pathname}${location.search}` }}
          className="font-semibold text-sky-700 underline"
        >
          {t('checkIn.secondFactorLink')}
        </Link>
      </p>
    );
  } else if (entrant.isError && errorStatus(entrant.error) === 404) {
    // The public check above already says that no admit card matches.
    return null;
  } else if (secondFactor.isError || entrant.isError || !entrant.data) {
    body = (
      <div className="space-y-3">
        <Alert tone="error">{serverMessage(entrant.error ?? secondFactor.error) ?? t('checkIn.error')}</Alert>
        <Button
          variant="secondary"
          pending={entrant.isFetching || secondFactor.isFetching}
          onClick={() => void (secondFactor.isError ? secondFactor.refetch() : entrant.refetch())}
        >
          {t('checkIn.tryAgain')}
        </Button>
      </div>
    );
  } else {
    const data = entrant.data;
    const result = checking.data;
    body = (
      <div className="space-y-4">
        <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="font-medium text-slate-500">{t('checkIn.institution')}</dt>
            <dd className="text-slate-900">{data.institution}</dd>
          </div>
          <div>
            <dt className="font-medium text-slate-500">{t('checkIn.pickupSpot')}</dt>
            <dd className="text-slate-900">
              {data.pickup_spot === OWN_TRANSPORT ? t('checkIn.ownTransport') : data.pickup_spot}
            </dd>
          </div>
        </dl>
        <p aria-live="polite" className="font-semibold text-slate-900" data-testid="check-in-state">
          {data.checked_in_at
            ? t('checkIn.checkedIn', {
                time: formatInDhaka(data.checked_in_at, TIME),
                by: data.checked_in_by ?? t('checkIn.someone'),
              })
            : t('checkIn.notYet')}
        </p>
        {result ? (
          <Alert tone={result.newly_checked_in ? 'success' : 'info'}>
            <span data-testid="check-in-result">
              {result.newly_checked_in
                ? t('checkIn.done', { name: result.name })
                : t('checkIn.already', { name: result.name })}
            </span>
          </Alert>
        ) : null}
        {checking.isError ? (
          <Alert tone="error">{serverMessage(checking.error) ?? t('checkIn.error')}</Alert>
        ) : null}
        {data.registration_status !== 'approved' ? (
          <Alert tone="info">{t('checkIn.notApproved')}</Alert>
        ) : data.checked_in_at ? null : (
          <Button
            className="w-full sm:w-auto"
            pending={checking.isLoading}
            pendingText={t('checkIn.checking')}
            aria-describedby={headingId}
            onClick={() => void checkIn(code)}
          >
            {t('checkIn.button')}
          </Button>
        )}
      </div>
    );
  }

  return (
    <section
      aria-labelledby={headingId}
      className="mt-6 space-y-3 rounded-2xl border border-sky-200 bg-sky-50/50 p-5 sm:p-6"
      data-testid="check-in"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {t('checkIn.title')}
      </h2>
      {body}
    </section>
  );
}

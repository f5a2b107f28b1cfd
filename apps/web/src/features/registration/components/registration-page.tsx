import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { LoadingStatus } from '../../../components/ui/loading-status.tsx';
import { paths } from '../../../config/paths.ts';
import { useGetRegistrationFormQuery } from '../api.ts';
import { initialFormValues, type ProfilePrefill } from '../form-values.ts';
import { selectRegistration } from '../slice.ts';
import { RegistrationForm } from './registration-form.tsx';

function Loading() {
  const { t } = useTranslation('registration');
  return <LoadingStatus label={t('loading')} />;
}

type View = 'form' | 'pending' | 'approved' | 'rejected';

type RegistrationPageProps = {
  /** The student's profile (prefills name, institution and place), once loaded. */
  profile: ProfilePrefill | null | undefined;
  profileLoading: boolean;
};

/**
 * /national-round-registration: the form for a student not yet registered, the stored form with the
 * reason for one whose registration was rejected, and a notice for one already pending or approved.
 * What is shown is decided when the page opens, so a successful submit does not flash the notice.
 */
export function RegistrationPage({ profile, profileLoading }: RegistrationPageProps) {
  const { t } = useTranslation('registration');
  const navigate = useNavigate();
  const registration = useSelector(selectRegistration);
  const current: View | null = registration.registrationStatusInitialized
    ? (registration.registrationStatus ?? 'form')
    : registration.statusLoading
      ? null
      : 'form';
  const [opened, setOpened] = useState<View | null>(current);
  const view = opened ?? current;
  if (opened === null && current !== null) setOpened(current);

  const stored = useGetRegistrationFormQuery(undefined, { skip: view !== 'rejected' });
  const onSubmitted = () => navigate(paths.nationalRoundRegistrationComplete);

  if (view === null) return <Loading />;

  if (view === 'pending' || view === 'approved') {
    return (
      <div className="space-y-4">
        <Alert tone={view === 'approved' ? 'success' : 'info'} className="text-base">
          {view === 'approved' ? t('already.approved') : t('already.pending')}
        </Alert>
        <Link to={paths.profile} className={buttonClasses('primary')}>
          {t('backToProfile')}
        </Link>
      </div>
    );
  }

  if (view === 'rejected') {
    if (stored.isLoading) return <Loading />;
    if (!stored.data) {
      return (
        <LoadFailed
          message={t('loadFailed')}
          retryLabel={t('prelim.tryAgain')}
          pending={stored.isFetching}
          onRetry={stored.refetch}
        />
      );
    }
    return (
      <div className="space-y-6">
        <Alert tone="error" className="text-base">
          <p className="font-semibold">{t('rejected.title')}</p>
          {registration.rejectionReason ? (
            <p className="mt-1">{t('rejected.reason', { reason: registration.rejectionReason })}</p>
          ) : null}
          <p className="mt-1">{t('rejected.correct')}</p>
        </Alert>
        <RegistrationForm
          defaultValues={initialFormValues(null, stored.data)}
          resubmission
          onSubmitted={onSubmitted}
        />
      </div>
    );
  }

  if (profileLoading) return <Loading />;
  return (
    <div className="space-y-6">
      <p className="text-slate-700">{t('intro')}</p>
      <RegistrationForm defaultValues={initialFormValues(profile)} onSubmitted={onSubmitted} />
    </div>
  );
}

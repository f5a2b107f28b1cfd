import type { ProfileUser } from '@ngso/shared/schemas/profile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { LoadingStatus } from '../../../components/ui/loading-status.tsx';
import { placeName } from '../../../i18n/places.ts';
import { formatInDhaka } from '../../../lib/dates.ts';
import { useGetProfileQuery } from '../api.ts';
import { ChangePhotoModal } from './change-photo-modal.tsx';
import { EditProfileModal } from './edit-profile-modal.tsx';

/** 'Registered On' in Asia/Dhaka, or nothing when the date cannot be read. */
function registeredOn(createdAt: string): string | null {
  try {
    return formatInDhaka(createdAt, 'MMMM d, yyyy');
  } catch {
    return null;
  }
}

function Detail({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-0.5 break-words text-slate-900" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function ProfileDetails({ profile }: { profile: ProfileUser }) {
  const { t, i18n } = useTranslation('profile');
  const place = (name: string | null) => (name ? placeName(name, i18n.language) : notSpecified);
  const notSpecified = t('notSpecified');
  return (
    <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2" aria-label={t('details')}>
      <Detail label={t('phone')} value={profile.phone_number || notSpecified} testId="profile-phone" />
      <Detail
        label={t('institution')}
        value={profile.institution || t('notProvided')}
        testId="profile-institution"
      />
      <Detail label={t('division')} value={place(profile.division)} testId="profile-division" />
      <Detail label={t('district')} value={place(profile.district)} testId="profile-district" />
      <Detail label={t('subDistrict')} value={place(profile.sub_district)} testId="profile-sub-district" />
      <Detail
        label={t('registeredOn')}
        value={registeredOn(profile.created_at) ?? notSpecified}
        testId="profile-registered-on"
      />
    </dl>
  );
}

type ProfileCardProps = {
  /** A new photo was saved: the caller updates what else shows it (the navigation bar's avatar). */
  onPhotoChanged?: (profileImage: string | null) => void;
};

/** The student's profile card with Change Photo and Edit Profile (spec section 2, Profile). */
export function ProfileCard({ onPhotoChanged }: ProfileCardProps) {
  const { t } = useTranslation(['profile', 'common']);
  const { data: profile, isLoading, refetch, isFetching } = useGetProfileQuery();
  const [dialog, setDialog] = useState<'edit' | 'photo' | null>(null);
  const close = () => setDialog(null);

  if (isLoading) {
    return <LoadingStatus label={t('loading')} />;
  }

  if (!profile) {
    return (
      <LoadFailed
        message={t('error')}
        retryLabel={t('common:tryAgain')}
        pending={isFetching}
        onRetry={refetch}
      />
    );
  }

  return (
    <article
      aria-labelledby="profile-name"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <div className="flex min-w-0 flex-1 items-center gap-4">
          <Avatar
            name={profile.name}
            imageUrl={profile.profile_image}
            className="size-16 text-xl sm:size-20 sm:text-2xl"
          />
          <div className="min-w-0">
            <h2
              id="profile-name"
              className="break-words text-lg font-semibold text-slate-900 sm:text-xl"
              data-testid="profile-name"
            >
              {profile.name}
            </h2>
            <p className="break-all text-sm text-slate-600">
              <span className="sr-only">{t('email')}: </span>
              {profile.email}
            </p>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" className="flex-1 sm:flex-none" onClick={() => setDialog('photo')}>
            {t('changePhoto')}
          </Button>
          <Button className="flex-1 sm:flex-none" onClick={() => setDialog('edit')}>
            {t('editProfile')}
          </Button>
        </div>
      </div>
      <div className="mt-6 border-t border-slate-100 pt-5">
        <ProfileDetails profile={profile} />
      </div>
      <EditProfileModal open={dialog === 'edit'} profile={profile} onClose={close} />
      <ChangePhotoModal open={dialog === 'photo'} onClose={close} onPhotoChanged={onPhotoChanged} />
    </article>
  );
}

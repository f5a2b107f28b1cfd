import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useGetProfileQuery } from '../api.ts';

/** The signed-in student's name and e-mail from `GET /v1/user/profile`. */
export function ProfileSummary() {
  const { t } = useTranslation(['profile', 'common']);
  const { data: profile, isLoading, isError, refetch, isFetching } = useGetProfileQuery();

  if (isLoading) {
    return (
      <p role="status" className="flex items-center gap-3 text-slate-700">
        <Spinner className="size-5 text-sky-600" />
        {t('loading')}
      </p>
    );
  }

  if (isError || !profile) {
    return (
      <div className="space-y-4">
        <Alert tone="error">{t('error')}</Alert>
        <Button variant="secondary" pending={isFetching} onClick={() => void refetch()}>
          {t('common:tryAgain')}
        </Button>
      </div>
    );
  }

  return (
    <div className="flex items-center gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <Avatar name={profile.name} imageUrl={profile.profile_image} className="size-16 text-xl" />
      <div className="min-w-0">
        <p className="truncate text-lg font-semibold text-slate-900" data-testid="profile-name">
          {profile.name}
        </p>
        <p className="truncate text-sm text-slate-600">
          <span className="sr-only">{t('email')}: </span>
          {profile.email}
        </p>
      </div>
    </div>
  );
}

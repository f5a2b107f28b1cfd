import { useTranslation } from 'react-i18next';
import { useGetProfileQuery } from '../../features/profile/api.ts';
import { RegistrationPage } from '../../features/registration/components/registration-page.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** /national-round-registration: the registration form, prefilled from the profile. */
export function Component() {
  const { t } = useTranslation('registration');
  useDocumentTitle(t('title'));
  const profile = useGetProfileQuery();
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-10 sm:py-16">
      <h1 className="mb-6 text-2xl font-bold text-slate-900 sm:text-3xl">{t('title')}</h1>
      <RegistrationPage profile={profile.data} profileLoading={profile.isLoading} />
    </section>
  );
}

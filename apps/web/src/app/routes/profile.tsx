import { useTranslation } from 'react-i18next';
import { ProfileSummary } from '../../features/profile/components/profile-summary.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function Component() {
  const { t } = useTranslation(['profile', 'common']);
  useDocumentTitle(t('title'));
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-10 sm:py-16">
      <h1 className="mb-6 text-2xl font-bold text-slate-900 sm:text-3xl">{t('title')}</h1>
      <ProfileSummary />
      <p className="mt-6 text-slate-700">{t('common:sectionBeingBuilt')}</p>
    </section>
  );
}

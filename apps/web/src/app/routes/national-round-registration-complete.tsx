import { useTranslation } from 'react-i18next';
import { RegistrationComplete } from '../../features/registration/components/registration-complete.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** /national-round-registration-complete: follows the registration form (scroll kept between the two). */
export function Component() {
  const { t } = useTranslation('registration');
  useDocumentTitle(t('complete.title'));
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-10 sm:py-16">
      <h1 className="mb-6 text-2xl font-bold text-slate-900 sm:text-3xl">{t('complete.title')}</h1>
      <RegistrationComplete />
    </section>
  );
}

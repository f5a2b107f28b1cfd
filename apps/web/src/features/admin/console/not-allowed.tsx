import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

/** What a signed-in user without the role sees: a clear refusal and a way back. */
export function NotAllowed() {
  const { t } = useTranslation('admin');
  useDocumentTitle(t('notAllowed.title'));
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{t('notAllowed.title')}</h1>
      <p className="mt-3 text-slate-700">{t('notAllowed.text')}</p>
      <Link to={paths.profile} className={buttonClasses('primary', 'mt-6')}>
        {t('notAllowed.back')}
      </Link>
    </section>
  );
}

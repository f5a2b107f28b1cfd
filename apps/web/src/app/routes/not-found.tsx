import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';
import { paths } from '../../config/paths.ts';
import { usePageMeta } from '../../lib/page-meta.ts';

/** The 404 page for any address the site does not have. */
export function Component() {
  const { t } = useTranslation(['common', 'nav', 'footer']);
  usePageMeta('notFound');
  return (
    <section data-testid="not-found" className="mx-auto w-full max-w-2xl px-4 py-16 text-center sm:py-24">
      <p className="text-6xl font-extrabold text-sky-700" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-2xl font-bold text-slate-900 sm:text-3xl">{t('notFoundTitle')}</h1>
      <p className="mt-4 text-slate-700">{t('notFoundText')}</p>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <Link to={paths.home} className={buttonClasses('primary')}>
          {t('backHome')}
        </Link>
        <Link to={paths.events} className={buttonClasses('secondary')}>
          {t('nav:events')}
        </Link>
      </div>
    </section>
  );
}

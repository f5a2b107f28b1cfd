import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';
import { PagePlaceholder } from '../../components/ui/page-placeholder.tsx';
import { paths } from '../../config/paths.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(t('notFoundTitle'));
  return (
    <PagePlaceholder title={t('notFoundTitle')} text={t('notFoundText')}>
      <Link to={paths.home} className={buttonClasses('primary', 'mt-6')}>
        {t('backHome')}
      </Link>
    </PagePlaceholder>
  );
}

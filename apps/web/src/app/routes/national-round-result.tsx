import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '../../components/ui/page-placeholder.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function Component() {
  const { t } = useTranslation(['pages', 'common']);
  useDocumentTitle(t('nationalRoundResult'));
  return <PagePlaceholder title={t('nationalRoundResult')} text={t('common:pageBeingBuilt')} />;
}

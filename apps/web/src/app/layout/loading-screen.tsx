import { useTranslation } from 'react-i18next';
import { FullScreenStatus } from './full-screen-status.tsx';

/** The full-screen Loading screen (app start, a page's code arriving). */
export function LoadingScreen() {
  const { t } = useTranslation();
  return <FullScreenStatus text={t('loading')} testId="loading-screen" />;
}

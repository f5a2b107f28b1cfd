import { useTranslation } from 'react-i18next';
import { FullScreenStatus } from './full-screen-status.tsx';

/** The full-screen Logging out screen. */
export function LoggingOutScreen() {
  const { t } = useTranslation();
  return <FullScreenStatus text={t('loggingOut')} testId="logging-out-screen" />;
}

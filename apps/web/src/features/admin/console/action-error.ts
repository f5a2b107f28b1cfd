import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../../lib/api-error.ts';

/**
 * The sentence for a console action that failed: the server's own message (in the user's language),
 * else the console's general "that did not work" (`actionError`).
 */
export function useActionError(): (error: unknown) => string {
  const { t } = useTranslation('admin');
  return useCallback((error: unknown) => serverMessage(error) ?? t('actionError'), [t]);
}

import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../../lib/api-error.ts';
import { MediaError } from '../../../lib/media/media-error.ts';

/**
 * The sentence for a console action that failed: the server's own message (in the user's language),
 * from an API call or an upload, else the console's general "that did not work" (`actionError`).
 */
export function useActionError(): (error: unknown) => string {
  const { t } = useTranslation('admin');
  return useCallback(
    (error: unknown) =>
      (error instanceof MediaError ? error.serverMessage : serverMessage(error)) ?? t('actionError'),
    [t],
  );
}

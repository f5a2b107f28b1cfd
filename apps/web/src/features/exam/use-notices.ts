import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueueNotice } from './queue-state.ts';

/** The spec's alerts (failed upload, failed removal, a refused save), as sentences, newest last. */
export function useNotices() {
  const { t } = useTranslation('exam');
  const [notices, setNotices] = useState<string[]>([]);
  const add = useCallback((messages: string[]) => setNotices((list) => [...list, ...messages].slice(-5)), []);
  const onNotice = useCallback(
    (notice: QueueNotice) => {
      if (notice.kind === 'removeFailed') add([t('removeFailed')]);
      else if (notice.kind === 'uploadFailed') add([notice.message ?? t('uploadFailed')]);
      else add([notice.message ?? t('saveFailed')]);
    },
    [add, t],
  );
  const clear = useCallback(() => setNotices([]), []);
  return { notices, add, onNotice, clear };
}

import { useCallback, useState } from 'react';
import { i18next } from '../../i18n/i18n.ts';
import { serverMessage } from '../../lib/api-error.ts';
import { apiBaseUrl } from '../../lib/base-query.ts';
import { saveFile } from '../../lib/save-file.ts';

/** The file name the certificate is saved as. */
export const CERTIFICATE_FILE_NAME = 'certificate.pdf';

type State = { pending: boolean; error: string | null };

/**
 * Downloads the signed-in finalist's certificate (GET /v1/ngso-1/certificate) in the interface's language:
 * pending while the server makes it, then saved as certificate.pdf; a refusal keeps the server's sentence
 * (`error`, or '' when it sent none, for the caller's own sentence).
 */
export function useCertificateDownload() {
  const [state, setState] = useState<State>({ pending: false, error: null });
  const download = useCallback(async () => {
    setState({ pending: true, error: null });
    try {
      const language = i18next.language === 'bn' ? 'bn' : 'en';
      const response = await fetch(new URL(`v1/ngso-1/certificate?lang=${language}`, apiBaseUrl()), {
        credentials: 'include',
        headers: { 'X-Requested-With': 'XMLHttpRequest', 'Accept-Language': i18next.language },
      });
      if (!response.ok) {
        const data = await response.json().catch(() => undefined);
        setState({ pending: false, error: serverMessage({ data }) ?? '' });
        return;
      }
      saveFile(await response.blob(), CERTIFICATE_FILE_NAME);
      setState({ pending: false, error: null });
    } catch {
      setState({ pending: false, error: '' });
    }
  }, []);
  return { ...state, download };
}

import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { VerifyResult } from '../../features/verify/components/verify-result.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** /verify/:code (public): the page an admit card's QR code opens. */
export function Component() {
  const { t } = useTranslation('verify');
  const { code = '' } = useParams();
  useDocumentTitle(t('title'));
  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-10 sm:py-16">
      <h1 className="mb-6 text-2xl font-bold text-slate-900 sm:text-3xl">{t('title')}</h1>
      <VerifyResult code={code} />
    </section>
  );
}

import { useTranslation } from 'react-i18next';
import { ReceiptCheck } from '../../features/verify/components/receipt-check.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** /verify/receipt (public, no sign-in): checks a photo's receipt. */
export function Component() {
  const { t } = useTranslation('verify');
  useDocumentTitle(t('receipt.title'));
  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-10 sm:py-16">
      <h1 className="mb-2 text-2xl font-bold text-slate-900 sm:text-3xl">{t('receipt.title')}</h1>
      <p className="mb-6 text-slate-700">{t('receipt.intro')}</p>
      <ReceiptCheck />
    </section>
  );
}

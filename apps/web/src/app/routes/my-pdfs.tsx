import { useTranslation } from 'react-i18next';
import { EbookList } from '../../features/ebooks/components/ebook-list.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** /my-pdfs: the e-book list and viewer (approved registrants see the e-book; others the empty state). */
export function Component() {
  const { t } = useTranslation('ebooks');
  useDocumentTitle(t('title'));
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-10 sm:py-16">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('title')}</h1>
      <p className="mt-1 mb-6 text-slate-600">{t('intro')}</p>
      <EbookList />
    </section>
  );
}

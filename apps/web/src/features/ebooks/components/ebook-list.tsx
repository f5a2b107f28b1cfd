import type { Ebook } from '@ngso/shared/schemas/ebooks';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { LoadingStatus } from '../../../components/ui/loading-status.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useGetEbooksQuery } from '../api.ts';

/** The viewer is its own chunk: the list shows without it, and it loads while the student looks. */
const loadViewer = () => import('./ebook-viewer.tsx');
const EbookViewer = lazy(() => loadViewer().then((module) => ({ default: module.EbookViewer })));

function EbookCard({ ebook, onOpen }: { ebook: Ebook; onOpen: () => void }) {
  const { t } = useTranslation('ebooks');
  return (
    <li className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <img
        src={ebook.thumbnail}
        alt={t('thumbnail', { title: ebook.title })}
        width={900}
        height={1272}
        loading="lazy"
        decoding="async"
        className="aspect-[3/4] w-full bg-slate-100 object-cover object-top"
      />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h2 className="text-lg font-semibold text-slate-900">{ebook.title}</h2>
        <p className="text-sm text-slate-700">{ebook.description}</p>
        <p className="text-sm text-slate-500" data-testid="ebook-page-count">
          {t('pageCount', { count: ebook.images.length })}
        </p>
        <Button
          className="mt-auto w-full"
          onClick={onOpen}
          aria-label={t('openLabel', { title: ebook.title })}
        >
          {t('open')}
        </Button>
      </div>
    </li>
  );
}

/** /my-pdfs: the student's e-books as cards, or the empty state; Open PDF shows the viewer. */
export function EbookList() {
  const { t } = useTranslation('ebooks');
  const { data: ebooks, isLoading, isFetching, refetch } = useGetEbooksQuery();
  const [openId, setOpenId] = useState<string | null>(null);
  const open = ebooks?.find((ebook) => ebook.id === openId);
  const hasBooks = (ebooks?.length ?? 0) > 0;

  useEffect(() => {
    if (hasBooks) void loadViewer().catch(() => {});
  }, [hasBooks]);

  if (isLoading) {
    return <LoadingStatus label={t('loading')} />;
  }

  if (!ebooks) {
    return (
      <LoadFailed message={t('error')} retryLabel={t('tryAgain')} pending={isFetching} onRetry={refetch} />
    );
  }

  if (ebooks.length === 0) {
    return (
      <div
        className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center"
        data-testid="ebooks-empty"
      >
        <h2 className="text-lg font-semibold text-slate-900">{t('emptyTitle')}</h2>
        <p className="mt-2 text-slate-600">{t('emptyText')}</p>
      </div>
    );
  }

  return (
    <>
      <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {ebooks.map((ebook) => (
          <EbookCard key={ebook.id} ebook={ebook} onOpen={() => setOpenId(ebook.id)} />
        ))}
      </ul>
      {open ? (
        <Suspense
          fallback={
            <p
              role="status"
              className="fixed inset-x-0 bottom-6 mx-auto flex w-fit items-center gap-2 rounded-lg bg-slate-900 px-4 py-2 text-white"
            >
              <Spinner className="size-4" />
              {t('viewer.loadingPage')}
            </p>
          }
        >
          <EbookViewer key={open.id} ebook={open} onClose={() => setOpenId(null)} />
        </Suspense>
      ) : null}
    </>
  );
}

import { UPLOAD_MAX_MEGABYTES } from '@ngso/shared/constants';
import {
  type AdminEbookDetail,
  EBOOK_PDF_MAX_MEGABYTES,
  EBOOK_PDF_MAX_PAGES,
  PDF_ACCEPT,
} from '@ngso/shared/schemas/ebooks';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FileField } from '../../../components/ui/file-field.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import { IMAGE_ACCEPT } from '../../../lib/media/image-file.ts';
import { isCancelled } from '../../../lib/media/media-error.ts';
import { useActionError } from '../console/action-error.ts';
import { cardClasses } from '../console/card.ts';
import { ConfirmDialog } from '../console/confirm-dialog.tsx';
import { LoadError, Loading } from '../console/load-states.tsx';
import { type UploadNotice, useUploadTask } from '../console/use-upload-task.ts';
import {
  ebookChanged,
  uploadEbookPage,
  uploadEbookPdf,
  uploadEbookThumbnail,
  useAdminEbookQuery,
  useMoveEbookPageMutation,
  useRemoveEbookPageMutation,
  useRemoveEbookThumbnailMutation,
} from './ebooks-api.ts';

/** Files in the order their names sort, numbers as numbers (page-2 before page-10). */
export const byName = (a: File, b: File) =>
  a.name.localeCompare(b.name, undefined, { numeric: true, sensitivity: 'base' });

/** One e-book's pages: add images or a PDF (with progress), the thumbnail, and the pages in order. */
export function EbookPages({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const actionError = useActionError();
  const dispatch = useDispatch();
  const ebook = useAdminEbookQuery(id);
  const [movePage, moving] = useMoveEbookPageMutation();
  const [removePage, removingPage] = useRemoveEbookPageMutation();
  const [removeThumbnail, removingThumbnail] = useRemoveEbookThumbnailMutation();
  const [images, setImages] = useState<File[]>([]);
  const [pdf, setPdf] = useState<File | null>(null);
  const [thumbnail, setThumbnail] = useState<File | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const [notice, setNotice] = useState<UploadNotice | null>(null);
  const [pageToRemove, setPageToRemove] = useState<number | null>(null);
  const [confirmThumbnail, setConfirmThumbnail] = useState(false);

  const book: AdminEbookDetail | undefined = ebook.data;
  const reasonOf = actionError;
  const onSettled = useCallback(() => {
    setImages([]);
    setPdf(null);
    setThumbnail(null);
    setInputKey((key) => key + 1);
    dispatch(ebookChanged(id));
  }, [dispatch, id]);
  const upload = useUploadTask({ onNotice: setNotice, reasonOf, onSettled });
  const { progress, busy } = upload;

  // The pages one by one in name order; a failure stops there and says how many were added.
  const uploadImages = () => {
    const files = [...images].sort(byName);
    if (files.length === 0) return setNotice({ tone: 'error', text: t('ebooks.chooseFirst') });
    return upload.run(async ({ signal, progress: report }) => {
      const total = files.length;
      for (const [index, file] of files.entries()) {
        const label = t('ebooks.uploading', {
          current: String(index + 1),
          total: String(total),
          file: file.name,
        });
        report({ label, percent: Math.floor((index / total) * 100) });
        try {
          await uploadEbookPage(id, file, {
            signal,
            onProgress: (percent) =>
              report({ label, percent: Math.floor(((index + percent / 100) / total) * 100) }),
          });
        } catch (error) {
          if (isCancelled(error))
            return { tone: 'error', text: t('ebooks.uploadCancelled', { count: index }) };
          const reason = reasonOf(error);
          const stopped = { count: index, total: String(total), file: file.name, reason };
          return { tone: 'error', text: t('ebooks.uploadStopped', stopped) };
        }
      }
      return { tone: 'success', text: t('ebooks.uploaded', { count: total }) };
    });
  };

  const uploadPdf = () => {
    if (!pdf) return setNotice({ tone: 'error', text: t('ebooks.chooseFirst') });
    return upload.run(async ({ signal, progress: report }) => {
      const sending = t('ebooks.pdfSending', { file: pdf.name });
      report({ label: sending, percent: 0 });
      const result = await uploadEbookPdf(id, pdf, {
        signal,
        onProgress: (percent) =>
          report({ label: percent >= 100 ? t('ebooks.pdfConverting') : sending, percent }),
      });
      return { tone: 'success', text: t('ebooks.pdfDone', { count: result.added, file: pdf.name }) };
    });
  };

  const uploadThumbnail = () => {
    if (!thumbnail) return setNotice({ tone: 'error', text: t('ebooks.chooseFirst') });
    return upload.run(async ({ signal, progress: report }) => {
      report({ label: thumbnail.name, percent: 0 });
      await uploadEbookThumbnail(id, thumbnail, {
        signal,
        onProgress: (percent) => report({ label: thumbnail.name, percent }),
      });
      return { tone: 'success', text: t('ebooks.thumbnailSet') };
    });
  };

  const move = async (page: number, position: number) => {
    setNotice(null);
    await movePage({ id, page, position })
      .unwrap()
      .then(
        () =>
          setNotice({
            tone: 'success',
            text: t('ebooks.pageMoved', { from: String(page), to: String(position) }),
          }),
        (error: unknown) => setNotice({ tone: 'error', text: reasonOf(error) }),
      );
  };

  const runRemovePage = async () => {
    if (pageToRemove === null) return;
    const ok = await removePage({ id, page: pageToRemove })
      .unwrap()
      .then(
        () => true,
        () => false,
      );
    if (!ok) return;
    setNotice({ tone: 'success', text: t('ebooks.pageRemoved', { page: String(pageToRemove) }) });
    setPageToRemove(null);
  };

  const runRemoveThumbnail = async () => {
    const ok = await removeThumbnail(id)
      .unwrap()
      .then(
        () => true,
        () => false,
      );
    if (!ok) return;
    setNotice({ tone: 'success', text: t('ebooks.thumbnailRemoved') });
    setConfirmThumbnail(false);
  };

  if (ebook.isLoading) return <Loading />;
  if (ebook.isError || !book) return <LoadError error={ebook.error} onRetry={ebook.refetch} />;

  return (
    <section aria-labelledby={`ebook-pages-${id}`} className="mt-6 space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`ebook-pages-${id}`} className="text-xl font-bold text-slate-900">
          {t('ebooks.pagesOf', { title: book.title })}
        </h2>
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          {t('ebooks.closePages')}
        </Button>
      </div>

      {notice ? (
        <Alert tone={notice.tone} className="whitespace-pre-line">
          {notice.text}
        </Alert>
      ) : null}
      {progress ? (
        <div className={`${cardClasses} space-y-2`} data-testid="ebook-upload-progress">
          <p className="text-sm text-slate-800" aria-live="polite">
            {progress.label}
          </p>
          <ProgressBar
            value={progress.percent}
            label={t('ebooks.uploadProgress')}
            valueText={`${progress.percent}%`}
          />
          <Button variant="secondary" onClick={upload.cancel}>
            {t('ebooks.cancelUpload')}
          </Button>
        </div>
      ) : null}

      <div className="grid gap-4 lg:grid-cols-3">
        <div className={`${cardClasses} space-y-3`}>
          <h3 className="font-semibold text-slate-900">{t('ebooks.uploadImages')}</h3>
          <p className="text-sm text-slate-600">
            {t('ebooks.uploadImagesHint', { megabytes: String(UPLOAD_MAX_MEGABYTES) })}
          </p>
          <FileField
            label={t('ebooks.chooseImages')}
            accept={IMAGE_ACCEPT}
            multiple
            disabled={busy}
            key={inputKey}
            onFiles={setImages}
          />
          <Button onClick={uploadImages} disabled={busy || images.length === 0}>
            {t('ebooks.uploadButton')}
          </Button>
        </div>

        <div className={`${cardClasses} space-y-3`}>
          <h3 className="font-semibold text-slate-900">{t('ebooks.pdf')}</h3>
          <p className="text-sm text-slate-600">
            {t('ebooks.pdfHint', {
              megabytes: String(EBOOK_PDF_MAX_MEGABYTES),
              pages: String(EBOOK_PDF_MAX_PAGES),
            })}
          </p>
          <FileField
            label={t('ebooks.choosePdf')}
            accept={PDF_ACCEPT}
            disabled={busy}
            key={inputKey}
            onFiles={(files) => setPdf(files[0] ?? null)}
          />
          <Button onClick={uploadPdf} disabled={busy || !pdf}>
            {t('ebooks.pdfButton')}
          </Button>
        </div>

        <div className={`${cardClasses} space-y-3`}>
          <h3 className="font-semibold text-slate-900">{t('ebooks.thumbnail')}</h3>
          {book.thumbnail ? (
            <img
              src={book.thumbnail}
              alt={t('ebooks.thumbnailAlt', { title: book.title })}
              className="h-40 w-auto rounded border border-slate-200 bg-slate-100 object-contain"
            />
          ) : null}
          <p className="text-sm text-slate-600">
            {book.custom_thumbnail
              ? t('ebooks.thumbnailCustom')
              : book.page_count > 0
                ? t('ebooks.thumbnailDefault')
                : t('ebooks.thumbnailNone')}
          </p>
          <FileField
            label={t('ebooks.chooseThumbnail')}
            accept={IMAGE_ACCEPT}
            disabled={busy}
            key={inputKey}
            onFiles={(files) => setThumbnail(files[0] ?? null)}
          />
          <div className="flex flex-wrap gap-2">
            <Button onClick={uploadThumbnail} disabled={busy || !thumbnail}>
              {t('ebooks.thumbnailButton')}
            </Button>
            {book.custom_thumbnail ? (
              <Button
                variant="secondary"
                disabled={busy}
                onClick={() => {
                  removingThumbnail.reset();
                  setConfirmThumbnail(true);
                }}
              >
                {t('ebooks.thumbnailRemove')}
              </Button>
            ) : null}
          </div>
        </div>
      </div>

      <div className={cardClasses}>
        <h3 className="mb-3 font-semibold text-slate-900">{t('ebooks.pages', { count: book.page_count })}</h3>
        {book.pages.length === 0 ? <p className="text-sm text-slate-600">{t('ebooks.noPages')}</p> : null}
        <ol
          className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6"
          data-testid="ebook-pages"
        >
          {book.pages.map((page) => (
            <li key={page.url} className="flex flex-col gap-2 rounded-lg border border-slate-200 p-2">
              <img
                src={page.url}
                alt={t('ebooks.page', { page: String(page.page) })}
                loading="lazy"
                decoding="async"
                className="aspect-[3/4] w-full rounded bg-slate-100 object-contain"
              />
              <p className="text-center text-sm font-medium text-slate-800">
                {t('ebooks.page', { page: String(page.page) })}
              </p>
              <div className="grid grid-cols-2 gap-1">
                <Button
                  variant="secondary"
                  className="px-2"
                  disabled={busy || moving.isLoading || page.page === 1}
                  aria-label={t('ebooks.moveUpLabel', { page: String(page.page) })}
                  onClick={() => move(page.page, page.page - 1)}
                >
                  {t('ebooks.moveUp')}
                </Button>
                <Button
                  variant="secondary"
                  className="px-2"
                  disabled={busy || moving.isLoading || page.page === book.pages.length}
                  aria-label={t('ebooks.moveDownLabel', { page: String(page.page) })}
                  onClick={() => move(page.page, page.page + 1)}
                >
                  {t('ebooks.moveDown')}
                </Button>
                <Button
                  variant="secondary"
                  className="col-span-2 px-2"
                  disabled={busy}
                  aria-label={t('ebooks.removePageLabel', { page: String(page.page) })}
                  onClick={() => {
                    removingPage.reset();
                    setPageToRemove(page.page);
                  }}
                >
                  {t('ebooks.remove')}
                </Button>
              </div>
            </li>
          ))}
        </ol>
      </div>

      <ConfirmDialog
        open={pageToRemove !== null}
        title={t('ebooks.removePageTitle', { page: String(pageToRemove ?? '') })}
        confirmLabel={t('ebooks.remove')}
        action={removingPage}
        onConfirm={runRemovePage}
        onClose={() => setPageToRemove(null)}
      >
        {t('ebooks.removePageText', { page: String(pageToRemove ?? ''), title: book.title })}
      </ConfirmDialog>
      <ConfirmDialog
        open={confirmThumbnail}
        title={t('ebooks.thumbnailRemoveTitle')}
        confirmLabel={t('ebooks.thumbnailRemove')}
        action={removingThumbnail}
        onConfirm={runRemoveThumbnail}
        onClose={() => setConfirmThumbnail(false)}
      >
        {t('ebooks.thumbnailRemoveText')}
      </ConfirmDialog>
    </section>
  );
}

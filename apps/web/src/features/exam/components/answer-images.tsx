import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import type { AnswerQueue } from '../answer-queue.ts';
import type { AnswerImageView } from '../answer-view.ts';

type AnswerImagesProps = {
  questionId: string;
  images: AnswerImageView[];
  queue: AnswerQueue;
  /** After the end: nothing can be removed any more. */
  readOnly?: boolean;
};

/** How often an image the server is still preparing (409) is asked for again. */
const IMAGE_RETRY_MS = 4_000;

/** The server's copy of a photo: while the server is still preparing it, a placeholder, asked again later. */
function ServerImage({ src, alt }: { src: string; alt: string }) {
  const { t } = useTranslation('exam');
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!failed || attempt >= 10) return;
    const timer = setTimeout(() => {
      setFailed(false);
      setAttempt((n) => n + 1);
    }, IMAGE_RETRY_MS);
    return () => clearTimeout(timer);
  }, [failed, attempt]);
  if (failed) {
    return (
      <span className="flex size-full items-center justify-center p-2 text-center text-xs text-slate-500">
        {t('photo.processing')}
      </span>
    );
  }
  return (
    <img
      key={attempt}
      src={attempt === 0 ? src : `${src}${src.includes('?') ? '&' : '?'}try=${attempt}`}
      alt={alt}
      className="size-full object-cover"
      loading="lazy"
      onError={() => setFailed(true)}
    />
  );
}

function StateMark({ image }: { image: AnswerImageView }) {
  const { t } = useTranslation('exam');
  switch (image.state) {
    case 'sent':
      return (
        <span className="flex items-center gap-1 font-medium text-emerald-700" data-testid="saved-mark">
          <svg viewBox="0 0 20 20" className="size-4 shrink-0" fill="currentColor" aria-hidden="true">
            <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z" />
          </svg>
          {t('photo.sent')}
        </span>
      );
    case 'recorded':
      return (
        <span className="block text-sky-800" data-testid="recorded-mark">
          {t('photo.recorded')}
          {image.progress !== null ? (
            <ProgressBar
              value={image.progress}
              label={t('photo.recorded')}
              valueText={t('uploadProgress', { percent: String(image.progress) })}
              className="my-1 h-2"
            />
          ) : null}
        </span>
      );
    case 'sending':
      return (
        <span className="text-amber-700" data-testid="waiting-mark">
          {t('photo.sending')}
        </span>
      );
    case 'preparing':
      return <span className="text-slate-600">{t('preparing')}</span>;
    case 'lateSending':
      return (
        <span className="text-amber-800" data-testid="late-mark">
          {t('photo.lateSending')}
        </span>
      );
    case 'late':
      return (
        <span className="text-amber-800" data-testid="late-mark">
          {image.decision === 'accepted'
            ? t('photo.lateAccepted')
            : image.decision === 'rejected'
              ? t('photo.lateRejected')
              : t('photo.late')}
        </span>
      );
  }
}

/** The answer's photos: click to preview, a remove button on each, and where each photo is on its way. */
export function AnswerImages({ questionId, images, queue, readOnly = false }: AnswerImagesProps) {
  const { t } = useTranslation('exam');
  const [preview, setPreview] = useState<{ src: string; number: number } | null>(null);

  if (images.length === 0) return <p className="text-sm text-slate-600">{t('noImages')}</p>;

  return (
    <>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" data-testid="answer-images">
        {images.map((image, index) => {
          const number = index + 1;
          const late = image.state === 'late' || image.state === 'lateSending';
          const local = image.photoId !== null || image.src?.startsWith('blob:');
          return (
            <li
              key={image.key}
              className={`relative overflow-hidden rounded-xl border bg-slate-50 ${late ? 'border-amber-300' : 'border-slate-200'}`}
              data-testid="answer-image"
              data-state={image.state}
            >
              {image.src ? (
                <button
                  type="button"
                  className="block aspect-[3/4] w-full focus-visible:outline-2 focus-visible:outline-sky-500"
                  onClick={() => image.src && setPreview({ src: image.src, number })}
                >
                  {local ? (
                    <img
                      src={image.src}
                      alt={t('answerImage', { number: String(number) })}
                      className="size-full object-cover"
                    />
                  ) : (
                    <ServerImage src={image.src} alt={t('answerImage', { number: String(number) })} />
                  )}
                  <span className="sr-only">{t('openImage', { number: String(number) })}</span>
                </button>
              ) : (
                <div className="flex aspect-[3/4] w-full items-center justify-center p-2 text-center text-xs text-slate-500">
                  {image.state === 'preparing' ? t('preparing') : t('photo.awaiting')}
                </div>
              )}
              {!readOnly && !late ? (
                <button
                  type="button"
                  onClick={() =>
                    image.sha256
                      ? void queue.removeImage(questionId, image.sha256)
                      : image.photoId && void queue.cancelPhoto(image.photoId)
                  }
                  className="absolute top-1 right-1 inline-flex size-11 items-center justify-center rounded-full bg-white/90 text-red-700 shadow hover:bg-white focus-visible:outline-2 focus-visible:outline-sky-500"
                >
                  <svg viewBox="0 0 20 20" className="size-5" fill="currentColor" aria-hidden="true">
                    <path d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4Z" />
                  </svg>
                  <span className="sr-only">{t('removeImage', { number: String(number) })}</span>
                </button>
              ) : null}
              <div className="px-2 py-1.5 text-xs">
                <StateMark image={image} />
                {image.receipt ? (
                  <span className="mt-0.5 block font-mono text-slate-700" data-testid="receipt-code">
                    {t('photo.receipt', { code: image.receipt.code })}
                  </span>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
      <Modal
        open={preview !== null}
        onClose={() => setPreview(null)}
        title={preview ? t('answerImage', { number: String(preview.number) }) : t('previewTitle')}
        closeLabel={t('close')}
        className="max-w-3xl"
      >
        {preview ? (
          <img
            src={preview.src}
            alt={t('answerImage', { number: String(preview.number) })}
            className="mx-auto max-h-[75dvh] w-auto"
          />
        ) : null}
      </Modal>
    </>
  );
}

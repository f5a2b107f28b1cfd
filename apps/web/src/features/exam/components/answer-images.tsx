import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import { formatInDhaka } from '../../../lib/dates.ts';
import type { AnswerQueue, QueueState } from '../answer-queue.ts';

/** One image of a question's answer as the student sees it: on the server, waiting to be saved, or on its way. */
export type AnswerImage =
  | { kind: 'saved'; key: string; url: string; savedAt: string }
  | { kind: 'waiting'; key: string; url: string }
  | {
      kind: 'photo';
      key: string;
      id: string;
      name: string;
      previewUrl: string | null;
      status: 'preparing' | 'waiting' | 'uploading';
      progress: number;
    };

/** What a question's answer looks like now: the server's images, minus those being removed, plus ours. */
export function imagesOf(state: QueueState, questionId: string): AnswerImage[] {
  const answer = state.answers[questionId];
  const intent = state.intents[questionId];
  const removed = new Set(intent?.remove ?? []);
  const onServer = answer?.image_urls ?? [];
  const images: AnswerImage[] = onServer
    .filter((url) => !removed.has(url))
    .map((url) => ({ kind: 'saved', key: url, url, savedAt: answer?.saved_at ?? '' }));
  for (const url of intent?.add ?? []) {
    if (!onServer.includes(url) && !removed.has(url)) images.push({ kind: 'waiting', key: url, url });
  }
  for (const photo of state.photos) {
    if (photo.questionId !== questionId) continue;
    images.push({
      kind: 'photo',
      key: photo.id,
      id: photo.id,
      name: photo.name,
      previewUrl: photo.previewUrl,
      status: photo.status,
      progress: photo.progress,
    });
  }
  return images;
}

type AnswerImagesProps = { questionId: string; images: AnswerImage[]; queue: AnswerQueue };

/** The answer's images: click to preview, a remove button on each, a saved mark with the server's time. */
export function AnswerImages({ questionId, images, queue }: AnswerImagesProps) {
  const { t } = useTranslation('exam');
  const [preview, setPreview] = useState<{ src: string; number: number } | null>(null);

  if (images.length === 0) return <p className="text-sm text-slate-600">{t('noImages')}</p>;

  return (
    <>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" data-testid="answer-images">
        {images.map((image, index) => {
          const number = index + 1;
          const src = image.kind === 'photo' ? image.previewUrl : image.url;
          return (
            <li
              key={image.key}
              className="relative overflow-hidden rounded-xl border border-slate-200 bg-slate-50"
              data-testid="answer-image"
              data-state={image.kind}
            >
              {src ? (
                <button
                  type="button"
                  className="block aspect-[3/4] w-full focus-visible:outline-2 focus-visible:outline-sky-500"
                  onClick={() => setPreview({ src, number })}
                >
                  <img
                    src={src}
                    alt={t('answerImage', { number: String(number) })}
                    className="size-full object-cover"
                    loading="lazy"
                  />
                  <span className="sr-only">{t('openImage', { number: String(number) })}</span>
                </button>
              ) : (
                <div className="flex aspect-[3/4] w-full items-center justify-center text-xs text-slate-500">
                  {t('preparing')}
                </div>
              )}
              <button
                type="button"
                onClick={() =>
                  image.kind === 'photo'
                    ? void queue.cancelPhoto(image.id)
                    : void queue.removeImage(questionId, image.url)
                }
                className="absolute top-1 right-1 inline-flex size-11 items-center justify-center rounded-full bg-white/90 text-red-700 shadow hover:bg-white focus-visible:outline-2 focus-visible:outline-sky-500"
              >
                <svg viewBox="0 0 20 20" className="size-5" fill="currentColor" aria-hidden="true">
                  <path d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4Z" />
                </svg>
                <span className="sr-only">{t('removeImage', { number: String(number) })}</span>
              </button>
              <div className="px-2 py-1.5 text-xs">
                {image.kind === 'saved' ? (
                  <span
                    className="flex items-center gap-1 font-medium text-emerald-700"
                    data-testid="saved-mark"
                  >
                    <svg
                      viewBox="0 0 20 20"
                      className="size-4 shrink-0"
                      fill="currentColor"
                      aria-hidden="true"
                    >
                      <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z" />
                    </svg>
                    {t('savedAt', { time: image.savedAt ? formatInDhaka(image.savedAt, 'h:mm:ss a') : '' })}
                  </span>
                ) : image.kind === 'waiting' || image.status === 'waiting' ? (
                  <span className="text-amber-700" data-testid="waiting-mark">
                    {t('waitingToSave')}
                  </span>
                ) : image.status === 'preparing' ? (
                  <span className="text-slate-600">{t('preparing')}</span>
                ) : (
                  <ProgressBar
                    value={image.progress}
                    label={t('uploading', { name: image.name })}
                    valueText={t('uploadProgress', { percent: String(image.progress) })}
                    className="my-1 h-2"
                  />
                )}
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

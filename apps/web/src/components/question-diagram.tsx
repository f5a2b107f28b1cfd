import type { QuestionImage } from '@ngso/shared/schemas/exam';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from './ui/modal.tsx';

/**
 * One diagram of a question at a phone's column width, with its alternative text in the language of the text
 * around it. A tap opens the larger size in a dialog, to pinch and scroll as in the answer preview; without a
 * connection the larger size falls back to the one on the page (inside the exam's paper it is already there).
 */
export function QuestionDiagram({
  image,
  number,
  lang,
}: {
  image: QuestionImage;
  number: number;
  lang: 'en' | 'bn';
}) {
  const { t } = useTranslation('common');
  const [zoomed, setZoomed] = useState(false);
  const [zoomSrc, setZoomSrc] = useState(image.zoom_url);
  const alt = lang === 'bn' ? image.alt_bn : image.alt_en;
  return (
    <>
      <button
        type="button"
        className="block max-w-full cursor-zoom-in rounded-lg border border-slate-200 bg-white p-1 focus-visible:outline-2 focus-visible:outline-sky-600"
        onClick={() => setZoomed(true)}
        aria-label={t('diagram.zoom', { number: String(number), alt })}
        data-testid="question-diagram"
      >
        <img
          src={image.url}
          alt={alt}
          width={image.width}
          height={image.height}
          loading="lazy"
          decoding="async"
          className="h-auto max-w-full"
        />
      </button>
      <Modal
        open={zoomed}
        onClose={() => setZoomed(false)}
        title={t('diagram.title', { number: String(number) })}
        closeLabel={t('diagram.close')}
        className="max-w-5xl"
      >
        <div className="max-h-[75dvh] overflow-auto [touch-action:pan-x_pan-y_pinch-zoom]">
          <img
            src={zoomSrc}
            alt={alt}
            className="mx-auto h-auto w-full"
            onError={() => setZoomSrc(image.url)}
            data-testid="question-diagram-zoomed"
          />
        </div>
      </Modal>
    </>
  );
}

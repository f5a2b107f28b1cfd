import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { PhotoReceipt, type ShownReceipt } from './photo-receipt.tsx';

export const ZOOM_STEPS = [0.5, 0.75, 1, 1.25, 1.5, 2, 2.5, 3, 4] as const;

export type ViewState = { zoom: number; rotation: number };

export const zoomIn = (zoom: number) => ZOOM_STEPS.find((step) => step > zoom) ?? zoom;
export const zoomOut = (zoom: number) => [...ZOOM_STEPS].reverse().find((step) => step < zoom) ?? zoom;

/** One page of the viewer: an image, or a sentence saying why it cannot be shown (yet). */
export type ViewerPage = {
  key: string;
  /** The processed image; null while it cannot be shown, and `note` says why. */
  url: string | null;
  note?: string;
  /** A short state after the page's number on its button, e.g. "still arriving". */
  state?: string;
  /** A label over the image, e.g. that it is a late photo. */
  badge?: string;
  /** The student's receipt of the photo's commitment (admins only, decision 062). */
  receipt?: ShownReceipt;
};

/** A large view of an answer's photos: one at a time, zoom and rotate (the grading screen's keys too). */
export function ImageViewer({
  pages,
  view,
  onView,
}: {
  pages: readonly ViewerPage[];
  view: ViewState;
  onView: (view: ViewState) => void;
}) {
  const { t } = useTranslation('admin');
  const [index, setIndex] = useState(0);
  const shown = Math.min(index, pages.length - 1);
  const current = pages[shown];
  const quarter = view.rotation % 180 !== 0;
  return (
    <div>
      <div className="mb-2 flex flex-wrap items-center gap-2">
        <Button
          variant="secondary"
          className="px-3"
          onClick={() => onView({ ...view, zoom: zoomOut(view.zoom) })}
        >
          {t('viewer.zoomOut')}
        </Button>
        <span className="min-w-14 text-center text-sm tabular-nums" aria-live="polite">
          {Math.round(view.zoom * 100)}%
        </span>
        <Button
          variant="secondary"
          className="px-3"
          onClick={() => onView({ ...view, zoom: zoomIn(view.zoom) })}
        >
          {t('viewer.zoomIn')}
        </Button>
        <Button
          variant="secondary"
          className="px-3"
          onClick={() => onView({ ...view, rotation: (view.rotation + 90) % 360 })}
        >
          {t('viewer.rotate')}
        </Button>
        {pages.length > 1 ? (
          <fieldset className="flex flex-wrap gap-1">
            <legend className="sr-only">{t('viewer.pages')}</legend>
            {pages.map((page, position) => (
              <Button
                key={page.key}
                variant={position === shown ? 'primary' : 'secondary'}
                className="px-3"
                aria-pressed={position === shown}
                onClick={() => setIndex(position)}
              >
                {page.state
                  ? t('viewer.pageState', { page: String(position + 1), state: page.state })
                  : t('viewer.page', { page: String(position + 1) })}
              </Button>
            ))}
          </fieldset>
        ) : null}
      </div>
      {current?.badge ? (
        <p className="mb-2 inline-block rounded-md bg-amber-100 px-2 py-1 text-sm font-semibold text-amber-900">
          {current.badge}
        </p>
      ) : null}
      {current?.receipt ? <PhotoReceipt receipt={current.receipt} className="mb-2" /> : null}
      <div className="h-[60vh] min-h-72 overflow-auto rounded-xl border border-slate-200 bg-slate-800">
        {current && !current.url ? (
          <div className="flex min-h-full items-center justify-center p-6">
            <p className="max-w-md text-center text-base text-white" data-testid="photo-placeholder">
              {current.note}
            </p>
          </div>
        ) : null}
        {current?.url ? (
          <div className="flex min-h-full min-w-full items-center justify-center p-2">
            <img
              src={current.url}
              alt={t('viewer.alt', { page: String(shown + 1), pages: String(pages.length) })}
              style={{
                width: `${view.zoom * (quarter ? 60 : 100)}%`,
                maxWidth: 'none',
                transform: `rotate(${view.rotation}deg)`,
              }}
              className="transition-transform"
              data-testid="answer-image"
            />
          </div>
        ) : null}
      </div>
    </div>
  );
}

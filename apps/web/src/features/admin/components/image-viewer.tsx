import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';

export const ZOOM_STEPS = [0.5, 0.75, 1, 1.25, 1.5, 2, 2.5, 3, 4] as const;

export type ViewState = { zoom: number; rotation: number };

export const zoomIn = (zoom: number) => ZOOM_STEPS.find((step) => step > zoom) ?? zoom;
export const zoomOut = (zoom: number) => [...ZOOM_STEPS].reverse().find((step) => step < zoom) ?? zoom;

/** A large view of an answer's photos: one at a time, zoom and rotate (the grading screen's keys too). */
export function ImageViewer({
  urls,
  view,
  onView,
}: {
  urls: readonly string[];
  view: ViewState;
  onView: (view: ViewState) => void;
}) {
  const { t } = useTranslation('admin');
  const [index, setIndex] = useState(0);
  const current = urls[Math.min(index, urls.length - 1)];
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
        {urls.length > 1 ? (
          <fieldset className="flex flex-wrap gap-1">
            <legend className="sr-only">{t('viewer.pages')}</legend>
            {urls.map((url, page) => (
              <Button
                key={url}
                variant={page === index ? 'primary' : 'secondary'}
                className="px-3"
                aria-pressed={page === index}
                onClick={() => setIndex(page)}
              >
                {t('viewer.page', { page: String(page + 1) })}
              </Button>
            ))}
          </fieldset>
        ) : null}
      </div>
      <div className="h-[60vh] min-h-72 overflow-auto rounded-xl border border-slate-200 bg-slate-800">
        {current ? (
          <div className="flex min-h-full min-w-full items-center justify-center p-2">
            <img
              src={current}
              alt={t('viewer.alt', {
                page: String(Math.min(index, urls.length - 1) + 1),
                pages: String(urls.length),
              })}
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

import type { Ebook } from '@ngso/shared/schemas/ebooks';
import { type KeyboardEvent, type SyntheticEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner.tsx';
import {
  clampPage,
  readPosition,
  savePosition,
  ZOOM_MAX,
  ZOOM_MIN,
  zoomIn,
  zoomOut,
} from '../viewer-state.ts';

const block = (event: SyntheticEvent) => event.preventDefault();

const toolButton =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-slate-100 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-sky-400 disabled:cursor-not-allowed disabled:opacity-40';
const navButton =
  'inline-flex min-h-11 items-center justify-center gap-1 rounded-lg bg-white/10 px-4 text-sm font-semibold text-white hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-sky-400 disabled:cursor-not-allowed disabled:opacity-40';

function Icon({ path }: { path: string }) {
  return (
    <svg viewBox="0 0 20 20" className="size-5" fill="currentColor" aria-hidden="true">
      <path d={path} />
    </svg>
  );
}

const ICONS = {
  minus: 'M4 9h12a1 1 0 1 1 0 2H4a1 1 0 1 1 0-2Z',
  plus: 'M10 3a1 1 0 0 1 1 1v5h5a1 1 0 1 1 0 2h-5v5a1 1 0 1 1-2 0v-5H4a1 1 0 1 1 0-2h5V4a1 1 0 0 1 1-1Z',
  expand:
    'M3 4a1 1 0 0 1 1-1h4a1 1 0 0 1 0 2H6.4l3.3 3.3a1 1 0 0 1-1.4 1.4L5 6.4V8a1 1 0 0 1-2 0V4Zm10-1h3a1 1 0 0 1 1 1v4a1 1 0 1 1-2 0V6.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L13.6 5H12a1 1 0 1 1 0-2h1ZM4 11a1 1 0 0 1 1 1v1.6l3.3-3.3a1 1 0 0 1 1.4 1.4L6.4 15H8a1 1 0 1 1 0 2H4a1 1 0 0 1-1-1v-4a1 1 0 0 1 1-1Zm12 0a1 1 0 0 1 1 1v4a1 1 0 0 1-1 1h-4a1 1 0 1 1 0-2h1.6l-3.3-3.3a1 1 0 0 1 1.4-1.4l3.3 3.3V12a1 1 0 0 1 1-1Z',
  close:
    'M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4Z',
  left: 'M12.7 4.3a1 1 0 0 1 0 1.4L8.4 10l4.3 4.3a1 1 0 0 1-1.4 1.4l-5-5a1 1 0 0 1 0-1.4l5-5a1 1 0 0 1 1.4 0Z',
  right:
    'M7.3 4.3a1 1 0 0 1 1.4 0l5 5a1 1 0 0 1 0 1.4l-5 5a1 1 0 0 1-1.4-1.4l4.3-4.3-4.3-4.3a1 1 0 0 1 0-1.4Z',
};

/** The next page is asked for while the student reads this one, so turning the page is instant. */
function usePrefetch(url: string | undefined) {
  useEffect(() => {
    if (!url) return;
    const image = new Image();
    image.decoding = 'async';
    image.src = url;
  }, [url]);
}

type EbookViewerProps = { ebook: Ebook; onClose: () => void };

/**
 * The e-book viewer (spec sections 2, 4 and 9) in a full-screen modal dialog: one page image at a time
 * (only the current page and the next are downloaded), zoom 50% to 300% in steps of 10%, fullscreen,
 * Previous/Next and arrow keys, Escape closes. Page and zoom are remembered per document. Right-click
 * and mouse-down on the page are blocked.
 */
export function EbookViewer({ ebook, onClose }: EbookViewerProps) {
  const { t } = useTranslation('ebooks');
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const scrollRef = useRef<HTMLElement>(null);
  const count = ebook.images.length;
  const [position, setPosition] = useState(() => readPosition(ebook.id, count));
  const { page, zoom } = position;
  const [loaded, setLoaded] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [fullscreen, setFullscreen] = useState(false);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  const src = ebook.images[page - 1];
  usePrefetch(page < count ? ebook.images[page] : undefined);

  useEffect(() => savePosition(ebook.id, position), [ebook.id, position]);

  // Open as a modal (the page behind is inert); give focus back to the opener on close.
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (typeof dialog.showModal === 'function') {
      if (!dialog.open) dialog.showModal();
    } else {
      dialog.setAttribute('open', '');
    }
    dialog.focus();
    const onFullscreenChange = () => setFullscreen(document.fullscreenElement === dialog);
    document.addEventListener('fullscreenchange', onFullscreenChange);
    return () => {
      document.removeEventListener('fullscreenchange', onFullscreenChange);
      if (document.fullscreenElement === dialog) void document.exitFullscreen?.().catch(() => {});
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
      else dialog.removeAttribute('open');
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  // Right-click, mouse-down and dragging are blocked on the page (spec section 2, My PDFs).
  useEffect(() => {
    const area = scrollRef.current;
    if (!area) return;
    const events = ['mousedown', 'contextmenu', 'dragstart'] as const;
    const prevent = (event: Event) => event.preventDefault();
    for (const name of events) area.addEventListener(name, prevent);
    return () => {
      for (const name of events) area.removeEventListener(name, prevent);
    };
  }, []);

  // A new page starts at its top.
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls when the page changes
  useEffect(() => {
    scrollRef.current?.scrollTo?.({ top: 0, left: 0 });
  }, [page]);

  const goTo = (next: number) => setPosition((current) => ({ ...current, page: clampPage(next, count) }));
  const setZoom = (change: (percent: number) => number) =>
    setPosition((current) => ({ ...current, zoom: change(current.zoom) }));

  const canFullscreen = typeof document !== 'undefined' && document.fullscreenEnabled === true;
  const toggleFullscreen = () => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
    else void dialog.requestFullscreen?.().catch(() => {});
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'ArrowRight') {
      event.preventDefault();
      goTo(page + 1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      goTo(page - 1);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onCloseRef.current();
    }
  };

  const pageUrl = attempt > 0 && src ? `${src}${src.includes('?') ? '&' : '?'}retry=${attempt}` : src;
  const isLoading = Boolean(pageUrl) && loaded !== pageUrl && failed !== pageUrl;

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      aria-modal="true"
      tabIndex={-1}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        event.preventDefault();
        onCloseRef.current();
      }}
      onContextMenu={block}
      className="m-0 h-dvh max-h-none w-full max-w-none bg-slate-900 p-0 text-white backdrop:bg-slate-950/80 focus:outline-none"
      data-testid="ebook-viewer"
    >
      <div className="flex h-full flex-col select-none">
        <div
          role="toolbar"
          aria-label={t('viewer.toolbar')}
          className="flex items-center gap-1 border-b border-white/10 px-2 py-1 sm:px-4"
        >
          <h2 id={titleId} className="min-w-0 flex-1 truncate px-1 text-sm font-semibold sm:text-base">
            {ebook.title}
          </h2>
          <button
            type="button"
            className={toolButton}
            onClick={() => setZoom(zoomOut)}
            disabled={zoom <= ZOOM_MIN}
            aria-label={t('viewer.zoomOut')}
          >
            <Icon path={ICONS.minus} />
          </button>
          <output
            className="w-12 text-center text-sm tabular-nums"
            data-testid="viewer-zoom"
            aria-live="polite"
          >
            <span className="sr-only">{t('viewer.zoom', { percent: String(zoom) })}</span>
            <span aria-hidden="true">{zoom}%</span>
          </output>
          <button
            type="button"
            className={toolButton}
            onClick={() => setZoom(zoomIn)}
            disabled={zoom >= ZOOM_MAX}
            aria-label={t('viewer.zoomIn')}
          >
            <Icon path={ICONS.plus} />
          </button>
          {canFullscreen ? (
            <button
              type="button"
              className={toolButton}
              onClick={toggleFullscreen}
              aria-pressed={fullscreen}
              aria-label={fullscreen ? t('viewer.exitFullscreen') : t('viewer.fullscreen')}
            >
              <Icon path={ICONS.expand} />
            </button>
          ) : null}
          <button
            type="button"
            className={toolButton}
            onClick={() => onCloseRef.current()}
            aria-label={t('viewer.close')}
          >
            <Icon path={ICONS.close} />
          </button>
        </div>

        <section
          ref={scrollRef}
          aria-label={t('viewer.pageArea')}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard, to scroll a zoomed page
          tabIndex={0}
          className="relative min-h-0 flex-1 overflow-auto bg-slate-800"
          data-testid="viewer-page-area"
        >
          {pageUrl ? (
            <img
              key={pageUrl}
              src={pageUrl}
              alt={t('viewer.pageImage', { page: String(page), title: ebook.title })}
              draggable={false}
              onLoad={() => setLoaded(pageUrl)}
              onError={() => setFailed(pageUrl)}
              style={{ width: `${zoom}%` }}
              className="mx-auto block h-auto max-w-none bg-white"
              data-testid="viewer-page-image"
            />
          ) : null}
          {isLoading ? (
            <p
              role="status"
              className="absolute inset-x-0 top-6 flex items-center justify-center gap-2 text-sm"
            >
              <Spinner className="size-5" />
              {t('viewer.loadingPage')}
            </p>
          ) : null}
          {pageUrl && failed === pageUrl ? (
            <div
              className="absolute inset-x-4 top-6 space-y-3 rounded-lg bg-slate-900 p-4 text-center"
              role="alert"
            >
              <p>{t('viewer.pageFailed')}</p>
              <button type="button" className={navButton} onClick={() => setAttempt((n) => n + 1)}>
                {t('viewer.retry')}
              </button>
            </div>
          ) : null}
        </section>

        <div className="flex items-center justify-between gap-2 border-t border-white/10 px-2 py-2 sm:px-4">
          <button type="button" className={navButton} onClick={() => goTo(page - 1)} disabled={page <= 1}>
            <Icon path={ICONS.left} />
            {t('viewer.previous')}
          </button>
          <p className="text-center text-sm tabular-nums" aria-live="polite" data-testid="viewer-page-of">
            {t('viewer.pageOf', { page: String(page), total: String(count) })}
          </p>
          <button type="button" className={navButton} onClick={() => goTo(page + 1)} disabled={page >= count}>
            {t('viewer.next')}
            <Icon path={ICONS.right} />
          </button>
        </div>
        <p className="sr-only">{t('viewer.keys')}</p>
      </div>
    </dialog>
  );
}

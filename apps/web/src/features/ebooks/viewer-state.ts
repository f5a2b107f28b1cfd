/** The viewer's limits (spec sections 4 and 9): zoom 50% to 300% in steps of 10%, pages 1 to the count. */
export const ZOOM_MIN = 50;
export const ZOOM_MAX = 300;
export const ZOOM_STEP = 10;
export const ZOOM_DEFAULT = 100;

/** Zoom is kept in whole percent, so that ten steps of 10% land exactly on the bounds. */
export function clampZoom(percent: number): number {
  if (!Number.isFinite(percent)) return ZOOM_DEFAULT;
  const stepped = Math.round(percent / ZOOM_STEP) * ZOOM_STEP;
  return Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, stepped));
}

export const zoomIn = (percent: number) => clampZoom(percent + ZOOM_STEP);
export const zoomOut = (percent: number) => clampZoom(percent - ZOOM_STEP);

export function clampPage(page: number, count: number): number {
  if (!Number.isFinite(page)) return 1;
  return Math.min(Math.max(1, count), Math.max(1, Math.trunc(page)));
}

/** Storage keys per document id (spec section 9). The zoom is stored as a scale, e.g. '1.2'. */
export const pageKey = (documentId: string) => `pdf-viewer:${documentId}:page`;
export const zoomKey = (documentId: string) => `pdf-viewer:${documentId}:zoom`;

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string) {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage full or unavailable (private modes): the viewer simply does not remember.
  }
}

export type ViewerPosition = { page: number; zoom: number };

/** Where the student left this document, within its bounds; page 1 at 100% the first time. */
export function readPosition(documentId: string, pageCount: number): ViewerPosition {
  const page = read(pageKey(documentId));
  const scale = read(zoomKey(documentId));
  return {
    page: page === null ? 1 : clampPage(Number(page), pageCount),
    zoom: scale === null ? ZOOM_DEFAULT : clampZoom(Number(scale) * 100),
  };
}

export function savePosition(documentId: string, { page, zoom }: ViewerPosition) {
  write(pageKey(documentId), String(page));
  write(zoomKey(documentId), String(zoom / 100));
}

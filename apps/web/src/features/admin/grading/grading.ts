import type { ClaimResult, RubricItem } from '@ngso/shared/schemas/grading';
import type { GradingImage } from '@ngso/shared/schemas/results';
import { API_BASE_PATH } from '../../../lib/base-query.ts';
import { type HoldKey, type HoldKind, holdPath } from './grading-api.ts';

/**
 * An answer can be graded once at least one of its photos can be seen, or once none can ever be (every
 * photo failed as an image). While its photos are all still arriving or being processed it is not empty:
 * marks given then would judge an answer nobody has seen. The server hands out only answers that can be
 * graded; one reopened with K may since have changed, so the page checks again.
 */
export const isGradable = (images: readonly GradingImage[]): boolean =>
  images.some((image) => image.state === 'ready') ||
  (images.length > 0 && images.every((image) => image.state === 'failed'));

/** What the page says when no answer is handed out: all graded, others still at work, or photos awaited. */
export function emptyState(progress: ClaimResult['progress']): 'none' | 'done' | 'othersWorking' | 'waiting' {
  if (progress.total === 0) return 'none';
  if (progress.claimed > 0) return 'othersWorking';
  if (progress.waiting) return 'waiting';
  return 'done';
}

/**
 * Gives an answer back when the grader closes the tab or leaves the site: a request the browser still sends
 * while the page goes away (the server's time-out frees it anyway after a few minutes).
 */
export function releaseOnLeave(key: HoldKey, kind: HoldKind = 'first') {
  void fetch(`${API_BASE_PATH}${holdPath(kind, 'release')}`, {
    method: 'POST',
    keepalive: true,
    credentials: 'same-origin',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
    },
    body: JSON.stringify(key),
  }).catch(() => undefined);
}

/** The mark a rubric gives (as the server computes it): ticked items' points plus the adjustment, 0 to max. */
export function rubricTotal(
  items: readonly RubricItem[],
  ticked: ReadonlySet<string>,
  adjustment: number,
  max: number | null,
): number {
  const sum = items.reduce((total, item) => total + (ticked.has(item.id) ? item.points : 0), adjustment);
  return Math.max(0, max === null ? sum : Math.min(max, sum));
}

/** Points as the rubric shows them: "+4", "−1", "0". */
export const signedPoints = (points: number) =>
  points > 0 ? `+${points}` : points < 0 ? `−${Math.abs(points)}` : '0';

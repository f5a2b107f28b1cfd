/**
 * When the exam clock speaks to a screen reader: at 30, 10, 5 and 1 minutes left and at the end, never each
 * second (docs/decisions/063-time-for-a-screen-reader-and-bangla-on-every-phone.md).
 */

/** The minutes left that are announced, largest first; 0 is the end. */
export const ANNOUNCED_MINUTES = [30, 10, 5, 1, 0] as const;

/** What to say: `minutes` left (0: the time is up); `exact` when it is that many, not already fewer. */
export type TimeAnnouncement = { minutes: number; exact: boolean };

/**
 * The announcement due when the seconds left went from `previous` (null: the page has just opened) to `left`:
 * the nearest threshold passed since, once. A page opened (or a tick that comes late, from a tab in the
 * background) past several thresholds says only the nearest, not every one it missed.
 */
export function announcementDue(previous: number | null, left: number): TimeAnnouncement | null {
  let due: number | null = null;
  for (const minutes of ANNOUNCED_MINUTES) {
    const at = minutes * 60;
    if (left <= at && (previous === null || previous > at)) due = minutes;
  }
  return due === null ? null : { minutes: due, exact: left === due * 60 };
}

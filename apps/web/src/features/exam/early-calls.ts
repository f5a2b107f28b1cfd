import type { ThunkCapableDispatch } from '../../lib/dispatch.ts';
import { serverClock } from '../../lib/time-sync.ts';
import { examApi } from './api.ts';

/** How long the early answers are held for the page to take them (its own subscription keeps them after). */
export const EARLY_HOLD_MS = 60_000;

/**
 * The exam page's own calls, started as soon as its code has loaded (its route's loader), while the
 * signed-in session's calls (user, profile, registration) are on their way, instead of after them once the
 * page renders: on a slow link each is a round trip of its own. The server authorises them by the cookie,
 * so none waits for the session's answers: the clock (unless synced), the exam, and, when the exam is
 * open and not submitted, its questions. The page's queries then find them in the cache or on their way.
 * Not for a page opened from the countdown at the start (start-handover.ts): it asks nothing then.
 */
export function startExamCalls(dispatch: ThunkCapableDispatch, holdMs = EARLY_HOLD_MS): void {
  if (!serverClock.synced()) void serverClock.sync();
  const exam = dispatch(examApi.endpoints.getExam.initiate());
  const held: { unsubscribe: () => void }[] = [exam];
  void exam
    .unwrap()
    .then((open) => {
      if (open.phase !== 'DURING_EXAM' || open.submitted_at !== null) return;
      held.push(dispatch(examApi.endpoints.getQuestions.initiate(open.category)));
    })
    .catch(() => undefined);
  // The exam is not kept unused (keepUnusedDataFor 0): held until the page has subscribed itself.
  setTimeout(() => {
    for (const call of held) call.unsubscribe();
  }, holdMs);
}

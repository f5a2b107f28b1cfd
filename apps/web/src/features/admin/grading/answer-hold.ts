import { CLAIM_HEARTBEAT_SECONDS } from '@ngso/shared/schemas/grading';
import { useCallback, useEffect, useRef } from 'react';
import { releaseOnLeave } from './grading.ts';
import {
  type HoldKey,
  type HoldKind,
  useClaimHeartbeatMutation,
  useReleaseClaimMutation,
} from './grading-api.ts';

/**
 * Keeps the answer on screen held for this grader (decision 037), for first marks or a second mark: the
 * hold renewed every minute while it is shown, given back when the page goes away (a request the browser
 * still sends) or the component leaves. `onLost`: a renewal refused (the hold went to another grader).
 * Returns a function that gives the hold back now (the grader moves to another question).
 */
export function useAnswerHold(key: HoldKey | null, kind: HoldKind, onLost: (error: unknown) => void) {
  const [renew] = useClaimHeartbeatMutation();
  const [release] = useReleaseClaimMutation();
  const held = useRef(key);
  held.current = key;
  const lost = useRef(onLost);
  lost.current = onLost;
  const heldKey = key ? `${key.question_id}/${key.user_id}` : '';

  // biome-ignore lint/correctness/useExhaustiveDependencies: one heartbeat and one release per held answer
  useEffect(() => {
    const answer = held.current;
    if (!answer) return;
    const timer = window.setInterval(() => {
      renew({ ...answer, kind })
        .unwrap()
        .catch((error: unknown) => lost.current(error));
    }, CLAIM_HEARTBEAT_SECONDS * 1000);
    const onLeave = () => releaseOnLeave(answer, kind);
    window.addEventListener('pagehide', onLeave);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('pagehide', onLeave);
    };
  }, [heldKey, kind]);

  const releaseNow = useCallback(() => {
    if (held.current) void release({ ...held.current, kind });
  }, [release, kind]);
  // Leaving the page (or the question) gives the answer back.
  useEffect(() => releaseNow, [releaseNow]);
  return releaseNow;
}

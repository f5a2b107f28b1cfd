import { setTimeout as sleep } from 'node:timers/promises';
import { eventLoopUse, SATURATED_ABOVE, THREAD_USE_SPAN_MS, type ThreadUse } from '../lib/thread-use.ts';

/**
 * Background work that shares a server's cores (the image jobs of a server process) goes after the people
 * the server is answering: before each job it waits while the server's thread is busy, that is, while the
 * thread worked more than `busyAbove` of the last half second. In the exam's last minutes every core spent
 * re-encoding a photo is one not spent acknowledging the next
 * (docs/decisions/045-acknowledgements-before-processing.md). A job waits at most `longestMs`: under a long
 * peak processing slows to a crawl, it never stops.
 */
export function yieldToRequests(
  options: { busyAbove?: number; longestMs?: number; checkEveryMs?: number; threadUse?: ThreadUse } = {},
) {
  const {
    busyAbove = SATURATED_ABOVE,
    longestMs = 10_000,
    checkEveryMs = THREAD_USE_SPAN_MS,
    threadUse = eventLoopUse,
  } = options;
  return async (): Promise<void> => {
    const until = Date.now() + longestMs;
    while (threadUse() > busyAbove && Date.now() < until) await sleep(checkEveryMs);
  };
}

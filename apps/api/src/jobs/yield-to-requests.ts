import { setTimeout as sleep } from 'node:timers/promises';
import { THREAD_USE_SPAN_MS, threadBusy } from '../lib/thread-use.ts';

/**
 * Background work that shares a server's cores (the image jobs of a server process) goes after the people
 * the server is answering: before each job it waits while `busy()` says the server is busy (by default,
 * while its thread worked more than 90 % of the last half second; a server adds the answer photos arriving
 * at a peak: app.ts). In the exam's last minutes every core spent re-encoding a photo is one not spent
 * acknowledging the next (docs/decisions/045-acknowledgements-before-processing.md, 049). A job waits at
 * most `longestMs`: under a long peak processing slows to a crawl, it never stops.
 */
export function yieldToRequests(
  options: { busy?: () => boolean; longestMs?: number; checkEveryMs?: number } = {},
) {
  const { busy = threadBusy(), longestMs = 10_000, checkEveryMs = THREAD_USE_SPAN_MS } = options;
  return async (): Promise<void> => {
    const until = Date.now() + longestMs;
    while (busy() && Date.now() < until) await sleep(checkEveryMs);
  };
}

import { type EventLoopUtilization, performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

/** How much of the last short span of time the process's thread spent working rather than waiting (0 to 1). */
export type ThreadUse = () => number;

/** The span over which the thread's use is measured. */
const SPAN_MS = 500;

let lastUse = 0;
let meter: NodeJS.Timeout | undefined;

/**
 * The event loop's utilisation over the last half second (Node's `performance.eventLoopUtilization`),
 * measured by one timer per process, started on first use (it keeps no process alive).
 */
export const eventLoopUse: ThreadUse = () => {
  if (!meter) {
    let since: EventLoopUtilization = performance.eventLoopUtilization();
    meter = setInterval(() => {
      const now = performance.eventLoopUtilization();
      lastUse = performance.eventLoopUtilization(now, since).utilization;
      since = now;
    }, SPAN_MS);
    meter.unref();
  }
  return lastUse;
};

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
  const { busyAbove = 0.9, longestMs = 10_000, checkEveryMs = SPAN_MS, threadUse = eventLoopUse } = options;
  return async (): Promise<void> => {
    const until = Date.now() + longestMs;
    while (threadUse() > busyAbove && Date.now() < until) await sleep(checkEveryMs);
  };
}

import { type EventLoopUtilization, performance } from 'node:perf_hooks';

/** How much of the last short span of time the process's thread spent working rather than waiting (0 to 1). */
export type ThreadUse = () => number;

/** The span over which the thread's use is measured. */
export const THREAD_USE_SPAN_MS = 500;

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
    }, THREAD_USE_SPAN_MS);
    meter.unref();
  }
  return lastUse;
};

/**
 * Above this use the thread is saturated: what waits for it waits in line behind everything else it holds.
 * Background work (jobs/yield-to-requests.ts) and the answer photos' bytes (exam/answer-upload-gate.ts) step back
 * then, for the people's calls.
 */
export const SATURATED_ABOVE = 0.9;

/** Whether the thread is saturated now, by `threadUse` (the event loop's by default). */
export const threadBusy =
  (threadUse: ThreadUse = eventLoopUse) =>
  () =>
    threadUse() > SATURATED_ABOVE;

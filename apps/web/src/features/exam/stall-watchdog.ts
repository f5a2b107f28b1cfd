/**
 * A request that makes no progress for a while is stuck (a mobile link that died quietly): the watchdog
 * aborts it after `stallMs` without progress, so the queue starts it again.
 */
export type StallWatchdog = {
  /** Progress came: the wait starts again. */
  progress: () => void;
  /** Whether the watchdog stopped the request. */
  readonly stalled: boolean;
  /** The request is over. */
  stop: () => void;
};

export function stallWatchdog(controller: AbortController, stallMs: number): StallWatchdog {
  let stalled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const progress = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      stalled = true;
      controller.abort();
    }, stallMs);
  };
  progress();
  return {
    progress,
    get stalled() {
      return stalled;
    },
    stop: () => clearTimeout(timer),
  };
}

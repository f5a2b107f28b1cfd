import { useEffect, useState, useSyncExternalStore } from 'react';
import { apiBaseUrl } from './base-query.ts';

/**
 * The server's clock in the browser (decisions.md: time is the server's). A phone's own clock may be
 * wrong by minutes or hours; every exam time is computed as `Date.now() + offset`, the offset taken
 * from `GET /api/v1/time` and corrected for the round trip.
 */

/**
 * The device clock's error: server time minus device time at the moment the server answered, taken
 * as the middle of the round trip (`t0` sent, `t1` received, both device times in ms).
 */
export function computeOffset(t0: number, serverNow: number, t1: number): number {
  return serverNow - (t0 + t1) / 2;
}

export type TimeSample = { offset: number; roundTrip: number };

/** Of several samples, the one with the shortest round trip is the most exact. */
export function bestSample(samples: TimeSample[]): TimeSample | undefined {
  return samples.reduce<TimeSample | undefined>(
    (best, sample) => (best === undefined || sample.roundTrip < best.roundTrip ? sample : best),
    undefined,
  );
}

/**
 * While a page watches the clock, it asks the server again this often. Besides keeping the clock right,
 * this keeps the page's connection to the server open (servers and proxies close one idle for 72 to 75 s):
 * at the exam's start every waiting student's page then asks for the exam over a connection that is
 * already there, instead of thousands opening new ones (each several round trips on a mobile network)
 * in the same second.
 */
export const RESYNC_INTERVAL_MS = 50_000;

/** The span of the exam's first seconds over which the pages' first saves are spread. */
export const FIRST_SAVE_SPREAD_MS = 2000;

/**
 * Where the last correction is kept across reloads, so that a page opened with no connection counts on
 * the server's clock as last measured, not on the phone's own (docs/decisions/060-offline-exam-pages.md).
 */
export type OffsetKeeper = { load: () => number | undefined; save: (offset: number) => void };

/** The offset in localStorage (read synchronously at start); a browser without storage keeps none. */
export function localOffsetKeeper(key = 'ngso:clock-offset'): OffsetKeeper {
  return {
    load: () => {
      try {
        const value = Number(window.localStorage.getItem(key) ?? Number.NaN);
        return Number.isFinite(value) ? value : undefined;
      } catch {
        return undefined;
      }
    },
    save: (offset) => {
      try {
        window.localStorage.setItem(key, String(Math.round(offset)));
      } catch {
        // Storage full or refused: the next page measures again.
      }
    },
  };
}

export type TimeSyncOptions = {
  /** Fetches the server's time as milliseconds since the epoch. */
  fetchServerTime: () => Promise<number>;
  /** Keeps the last correction across reloads (the app's clock: localStorage). */
  keeper?: OffsetKeeper;
  /** The device clock (tests pass a wrong one). */
  deviceNow?: () => number;
  random?: () => number;
};

export type TimeSync = {
  /** Server-corrected now, in ms since the epoch. */
  now: () => number;
  offset: () => number;
  /**
   * This page's own moment within the first FIRST_SAVE_SPREAD_MS of a window, as a delay in ms (drawn
   * once per page): its first save waits for it, so thousands of pages do not save in the same second.
   */
  firstSaveDelay: () => number;
  /**
   * When this page may first save in a window starting at `startsAt` (server time, ms): as an instant
   * of this device's clock, as timers and the answer queue count.
   */
  firstSaveAt: (startsAt: number) => number;
  /** Whether at least one sync has succeeded. */
  synced: () => boolean;
  /** Whether the page started from a correction this device kept from an earlier sync (its keeper). */
  kept: () => boolean;
  /** Takes a new sample; resolves whether it succeeded (a failed one keeps the last offset). */
  sync: () => Promise<boolean>;
  subscribe: (listener: () => void) => () => void;
  /**
   * Re-syncs when the tab becomes visible, the window gets focus or the connection returns, and every
   * RESYNC_INTERVAL_MS while the tab is visible.
   */
  watch: () => () => void;
};

export function createTimeSync({
  fetchServerTime,
  deviceNow = Date.now,
  random = Math.random,
  keeper,
}: TimeSyncOptions): TimeSync {
  // Until a sync succeeds, the last correction this device kept (none: the device's own clock).
  const keptOffset = keeper?.load();
  let offset = keptOffset ?? 0;
  const firstSaveDelay = Math.floor(random() * FIRST_SAVE_SPREAD_MS);
  let synced = false;
  let running: Promise<boolean> | null = null;
  let watchers = 0;
  let resyncTimer: ReturnType<typeof setInterval> | undefined;
  const listeners = new Set<() => void>();

  const sync = () => {
    running ??= (async () => {
      try {
        const samples: TimeSample[] = [];
        // Two samples: the first may carry a connection set-up that the second does not.
        for (let i = 0; i < 2; i += 1) {
          const t0 = deviceNow();
          const serverNow = await fetchServerTime();
          const t1 = deviceNow();
          samples.push({ offset: computeOffset(t0, serverNow, t1), roundTrip: t1 - t0 });
        }
        const best = bestSample(samples);
        if (best) {
          offset = best.offset;
          synced = true;
          keeper?.save(offset);
          for (const listener of listeners) listener();
        }
        return true;
      } catch {
        return false;
      } finally {
        running = null;
      }
    })();
    return running;
  };

  const onWake = () => {
    if (typeof document === 'undefined' || document.visibilityState !== 'hidden') void sync();
  };

  return {
    now: () => deviceNow() + offset,
    offset: () => offset,
    firstSaveDelay: () => firstSaveDelay,
    firstSaveAt: (startsAt) => startsAt - offset + firstSaveDelay,
    synced: () => synced,
    kept: () => keptOffset !== undefined,
    sync,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    watch: () => {
      watchers += 1;
      if (watchers === 1) {
        document.addEventListener('visibilitychange', onWake);
        window.addEventListener('focus', onWake);
        window.addEventListener('online', onWake);
        resyncTimer = setInterval(onWake, RESYNC_INTERVAL_MS);
      }
      if (!synced) void sync();
      return () => {
        watchers -= 1;
        if (watchers === 0) {
          document.removeEventListener('visibilitychange', onWake);
          window.removeEventListener('focus', onWake);
          window.removeEventListener('online', onWake);
          clearInterval(resyncTimer);
        }
      };
    },
  };
}

/** `GET /api/v1/time` → `{status, now}` (ISO 8601 with offset). */
async function fetchServerTime(): Promise<number> {
  const response = await fetch(new URL('v1/time', apiBaseUrl()), {
    headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    credentials: 'include',
    cache: 'no-store',
  });
  if (!response.ok) throw new Error(`GET /api/v1/time answered ${response.status}`);
  const body = (await response.json()) as { now?: unknown };
  const at = typeof body.now === 'string' ? Date.parse(body.now) : Number.NaN;
  if (Number.isNaN(at)) throw new Error('GET /api/v1/time sent no time');
  return at;
}

/** The app's one server clock. */
export const serverClock = createTimeSync({ fetchServerTime, keeper: localOffsetKeeper() });

/**
 * Server-corrected now, re-rendering every `tickMs` (1 s by default, the spec's exam clock) and when a
 * new offset arrives. Keeps the clock in sync while mounted. Returns null until the first sync has
 * succeeded or failed, so nothing decides on the device's own clock before the server answered; a page
 * that kept a correction from an earlier sync counts on it at once (a reload on a slow link).
 */
export function useServerNow(clock: TimeSync = serverClock, tickMs = 1000): number | null {
  const [tried, setTried] = useState(clock.synced());
  useEffect(() => {
    const stop = clock.watch();
    let active = true;
    if (!clock.synced()) {
      void clock.sync().then(() => {
        if (active) setTried(true);
      });
    }
    return () => {
      active = false;
      stop();
    };
  }, [clock]);
  useSyncExternalStore(clock.subscribe, clock.offset, clock.offset);
  const [, setTick] = useState(0);
  useEffect(() => {
    // Tick on the second boundary of the corrected clock, so displayed seconds change together.
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      const wait = tickMs - (clock.now() % tickMs) + 5;
      timer = setTimeout(() => {
        setTick((n) => n + 1);
        schedule();
      }, wait);
    };
    schedule();
    return () => clearTimeout(timer);
  }, [clock, tickMs]);
  return tried || clock.synced() || clock.kept() ? clock.now() : null;
}

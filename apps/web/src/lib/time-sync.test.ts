import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  bestSample,
  computeOffset,
  createTimeSync,
  localOffsetKeeper,
  RESYNC_INTERVAL_MS,
  useServerNow,
} from './time-sync.ts';

describe('computeOffset', () => {
  it('takes the server time as the middle of the round trip', () => {
    // Sent at 1000, answered at 1400 (device time); the server said 5000 at the midpoint (1200).
    expect(computeOffset(1000, 5000, 1400)).toBe(3800);
    expect(computeOffset(0, 0, 0)).toBe(0);
  });

  it('prefers the sample with the shortest round trip', () => {
    expect(
      bestSample([
        { offset: 10, roundTrip: 900 },
        { offset: 20, roundTrip: 80 },
      ]),
    ).toEqual({
      offset: 20,
      roundTrip: 80,
    });
  });
});

describe('createTimeSync', () => {
  it('shows the server time on a phone whose clock is an hour wrong', async () => {
    const serverNow = Date.parse('2025-01-14T17:00:00+06:00');
    const hourFast = serverNow + 3_600_000;
    let device = hourFast;
    const clock = createTimeSync({
      deviceNow: () => device,
      fetchServerTime: async () => {
        device += 100; // 100 ms there
        const answer = serverNow + (device - hourFast);
        device += 100; // 100 ms back
        return answer;
      },
    });
    expect(await clock.sync()).toBe(true);
    expect(clock.synced()).toBe(true);
    expect(clock.offset()).toBe(-3_600_000);
    expect(clock.now() - (serverNow + (device - hourFast))).toBe(0);
  });

  it('keeps the last offset when a sync fails', async () => {
    let fail = false;
    const clock = createTimeSync({
      deviceNow: () => 1000,
      fetchServerTime: async () => {
        if (fail) throw new Error('offline');
        return 6000;
      },
    });
    await clock.sync();
    fail = true;
    expect(await clock.sync()).toBe(false);
    expect(clock.offset()).toBe(5000);
  });

  describe('while watched', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('asks the server again every 50 s while the tab is visible, and stops when nobody watches', async () => {
      vi.useFakeTimers();
      let asked = 0;
      const clock = createTimeSync({
        deviceNow: () => 1000,
        fetchServerTime: async () => {
          asked += 1;
          return 6000;
        },
      });
      const stop = clock.watch();
      await vi.advanceTimersByTimeAsync(0);
      expect(asked).toBe(2); // the first sync: two samples
      await vi.advanceTimersByTimeAsync(RESYNC_INTERVAL_MS);
      expect(asked).toBe(4);
      stop();
      await vi.advanceTimersByTimeAsync(3 * RESYNC_INTERVAL_MS);
      expect(asked).toBe(4);
    });
  });
});

describe('the first save of a window', () => {
  it("gives each page its own moment within the first 2 s, on the device's clock", async () => {
    const serverNow = Date.parse('2025-01-14T17:00:00+06:00');
    const draws = [0, 0.5, 0.999];
    const moments = draws.map((draw) => {
      const clock = createTimeSync({ fetchServerTime: async () => serverNow, random: () => draw });
      return clock.firstSaveDelay();
    });
    expect(moments).toEqual([0, 1000, 1998]);

    // A phone an hour fast: the moment, as its own clock counts it, is an hour later.
    const clock = createTimeSync({
      deviceNow: () => serverNow + 3_600_000,
      fetchServerTime: async () => serverNow,
      random: () => 0.5,
    });
    await clock.sync();
    expect(clock.firstSaveAt(serverNow)).toBe(serverNow + 3_600_000 + 1000);
  });
});

describe('the correction kept across reloads', () => {
  afterEach(() => window.localStorage.clear());

  it('counts on the last correction when the page opens with no connection', async () => {
    const serverNow = Date.parse('2025-01-14T17:00:00+06:00');
    const hourFast = serverNow + 3_600_000;
    const keeper = localOffsetKeeper();
    // A visit with the connection measures the phone an hour fast.
    const online = createTimeSync({
      deviceNow: () => hourFast,
      fetchServerTime: async () => serverNow,
      keeper,
    });
    expect(await online.sync()).toBe(true);

    // The page is opened again with no connection: the server cannot be asked, the clock is still right.
    const offline = createTimeSync({
      deviceNow: () => hourFast,
      fetchServerTime: () => Promise.reject(new TypeError('Failed to fetch')),
      keeper: localOffsetKeeper(),
    });
    expect(await offline.sync()).toBe(false);
    expect(offline.synced()).toBe(false);
    expect(offline.now()).toBe(serverNow);
  });

  it("gives the page the kept clock at once while the slow link's first sync is on its way", () => {
    const serverNow = Date.parse('2025-01-14T17:00:00+06:00');
    const pending = () => new Promise<number>(() => {}); // the link answers after the test
    window.localStorage.setItem('ngso:clock-offset', String(-3_600_000));
    const kept = createTimeSync({
      deviceNow: () => serverNow + 3_600_000,
      fetchServerTime: pending,
      keeper: localOffsetKeeper(),
    });
    expect(kept.kept()).toBe(true);
    expect(renderHook(() => useServerNow(kept)).result.current).toBe(serverNow);

    // Nothing kept: nothing is decided on the device's own clock before the server answers.
    window.localStorage.clear();
    const fresh = createTimeSync({
      deviceNow: () => serverNow,
      fetchServerTime: pending,
      keeper: localOffsetKeeper(),
    });
    expect(fresh.kept()).toBe(false);
    expect(renderHook(() => useServerNow(fresh)).result.current).toBeNull();
  });

  it('starts from the device clock when nothing (or nonsense) was kept', () => {
    window.localStorage.setItem('ngso:clock-offset', 'soon');
    const clock = createTimeSync({
      deviceNow: () => 1_000,
      fetchServerTime: async () => 0,
      keeper: localOffsetKeeper(),
    });
    expect(clock.now()).toBe(1_000);
  });
});

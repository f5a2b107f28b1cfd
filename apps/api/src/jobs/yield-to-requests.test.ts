import { describe, expect, it } from 'vitest';
import { yieldToRequests } from './yield-to-requests.ts';

/** A thread whose use reads `uses` one after another (the last one for ever), counting the readings. */
function thread(...uses: number[]) {
  let readings = 0;
  return {
    threadUse: () => uses[Math.min(readings++, uses.length - 1)] as number,
    readings: () => readings,
  };
}

describe('background work waits its turn', () => {
  it('goes at once while the thread is not busy', async () => {
    const quiet = thread(0.3);
    await yieldToRequests({ threadUse: quiet.threadUse, checkEveryMs: 1 })();
    expect(quiet.readings()).toBe(1);
  });

  it('waits while the thread is busy, and goes when it is not', async () => {
    const busyThenQuiet = thread(0.99, 0.95, 0.97, 0.5);
    await yieldToRequests({ threadUse: busyThenQuiet.threadUse, checkEveryMs: 1 })();
    expect(busyThenQuiet.readings()).toBe(4);
  });

  it('never waits longer than it may: a busy thread slows the work, never stops it', async () => {
    const alwaysBusy = thread(1);
    await yieldToRequests({ threadUse: alwaysBusy.threadUse, checkEveryMs: 5, longestMs: 50 })();
    expect(alwaysBusy.readings()).toBeGreaterThan(1);
  });
});

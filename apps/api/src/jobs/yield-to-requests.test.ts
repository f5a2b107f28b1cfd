import { describe, expect, it } from 'vitest';
import { yieldToRequests } from './yield-to-requests.ts';

/** A server whose business reads `answers` one after another (the last one for ever), counting the readings. */
function server(...answers: boolean[]) {
  let readings = 0;
  return {
    busy: () => answers[Math.min(readings++, answers.length - 1)] as boolean,
    readings: () => readings,
  };
}

describe('background work waits its turn', () => {
  it('goes at once while the server is not busy', async () => {
    const quiet = server(false);
    await yieldToRequests({ busy: quiet.busy, checkEveryMs: 1 })();
    expect(quiet.readings()).toBe(1);
  });

  it('waits while the server is busy, and goes when it is not', async () => {
    const busyThenQuiet = server(true, true, true, false);
    await yieldToRequests({ busy: busyThenQuiet.busy, checkEveryMs: 1 })();
    expect(busyThenQuiet.readings()).toBe(4);
  });

  it('never waits longer than it may: a busy server slows the work, never stops it', async () => {
    const alwaysBusy = server(true);
    await yieldToRequests({ busy: alwaysBusy.busy, checkEveryMs: 5, longestMs: 50 })();
    expect(alwaysBusy.readings()).toBeGreaterThan(1);
  });
});

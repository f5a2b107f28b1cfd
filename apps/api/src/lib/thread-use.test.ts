import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { eventLoopUse } from './thread-use.ts';

describe("the thread's use", () => {
  it('is high after half a second of work and low after half a second of waiting', async () => {
    eventLoopUse(); // starts the meter
    // The thread works for 1.2 s in pieces of 20 ms, letting the meter's timer run in between.
    const workUntil = Date.now() + 1200;
    while (Date.now() < workUntil) {
      const pieceUntil = Date.now() + 20;
      while (Date.now() < pieceUntil) {
        // working, answering nobody
      }
      await new Promise(setImmediate);
    }
    expect(eventLoopUse()).toBeGreaterThan(0.9);
    await sleep(1200);
    expect(eventLoopUse()).toBeLessThan(0.5);
  });
});

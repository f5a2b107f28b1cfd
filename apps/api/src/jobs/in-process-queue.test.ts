import { describe, expect, it } from 'vitest';
import { inProcessQueue } from './in-process-queue.ts';

const quiet = { warn: () => {}, error: () => {} };
const tick = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('inProcessQueue', () => {
  it('works `concurrency` jobs at a time and queues a key only once while it waits', async () => {
    const queue = inProcessQueue(quiet);
    const started: string[] = [];
    const releases: Array<() => void> = [];
    await queue.send('job', [
      { key: 'a', data: { id: 'a' } },
      { key: 'b', data: { id: 'b' } },
      { key: 'c', data: { id: 'c' } },
      { key: 'c', data: { id: 'c again' } },
    ]);
    await queue.work('job', 2, async (data) => {
      started.push(data.id ?? '');
      await new Promise<void>((resolve) => releases.push(resolve));
    });
    await tick();
    expect(started).toEqual(['a', 'b']);
    // `c` waits: queueing it again changes nothing; `a` runs: queueing it again queues it.
    await queue.send('job', [
      { key: 'c', data: { id: 'c third' } },
      { key: 'a', data: { id: 'a again' } },
    ]);
    for (let i = 0; i < 4; i += 1) {
      releases.shift()?.();
      await tick();
    }
    expect(started).toEqual(['a', 'b', 'c', 'a again']);
    for (const release of releases) release();
    await queue.stop();
  });

  it('runs a failed job again after a wait, and waits for running jobs when stopped', async () => {
    const queue = inProcessQueue(quiet);
    let attempts = 0;
    let finished = false;
    await queue.work('job', 1, async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('disk full');
      await new Promise((resolve) => setTimeout(resolve, 50));
      finished = true;
    });
    await queue.send('job', [{ key: 'x', data: {} }]);
    await tick();
    expect(attempts).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1100)); // the first retry waits a second
    expect(attempts).toBe(2);
    await queue.stop();
    expect(finished).toBe(true);
    await queue.send('job', [{ key: 'y', data: {} }]);
    await tick();
    expect(attempts).toBe(2);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import { callsServedFirst } from '../../lib/commitments-first.ts';
import { accountGate, byteGate, PROMISES_KEPT_AT_MOST, uploadGate } from './upload-gate.ts';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Uploads through a byte gate that say when they start, by name, and hold their place until released. */
function heldUploads(gate: ReturnType<typeof byteGate>) {
  const started: string[] = [];
  const releases = new Map<string, () => void>();
  const upload = (name: string, bytes: number) =>
    gate(bytes, () => {
      started.push(name);
      return new Promise<string>((resolve) => releases.set(name, () => resolve(name)));
    });
  return { started, upload, release: (name: string) => releases.get(name)?.() };
}

/**
 * A byte gate of one place and one waiting, on a clock of its own: `pace(count, everyMs)` finishes uploads one
 * after another, `fill()` takes the place and the waiting one, `refuse(count)` answers the Retry-Afters of
 * that many uploads turned away in the same moment, and `empty()` lets the two go.
 */
function fullGate() {
  const clock = { now: 0 };
  const gate = byteGate({ budgetBytes: 1, waiting: 1, now: () => clock.now });
  const { upload, release } = heldUploads(gate);
  let running: Promise<string>[] = [];
  return {
    clock,
    async pace(count: number, everyMs: number) {
      for (let i = 0; i < count; i++) {
        const paced = upload(`paced ${i}`, 1);
        await settle();
        clock.now += everyMs;
        release(`paced ${i}`);
        await paced;
      }
    },
    async fill() {
      running = [upload('running', 1), upload('waiting', 1)];
      await settle();
    },
    async refuse(count: number) {
      const retryAfters: string[] = [];
      for (let i = 0; i < count; i++) {
        const refused = (await gate(1, async () => 'refused').catch((err: unknown) => err)) as AppError;
        expect(refused.statusCode).toBe(503);
        retryAfters.push(String(refused.options.headers?.['Retry-After']));
      }
      return retryAfters;
    },
    async empty() {
      release('running');
      await settle();
      release('waiting');
      await Promise.all(running);
    },
  };
}

/**
 * A byte gate of two places, one kept for returns, on a clock of its own, with one upload running and one
 * waiting: a new upload is turned away, one back at its moment is let in. `empty()` lets the two go.
 */
async function gateKeepingOnePlace() {
  const clock = { now: 0 };
  const gate = byteGate({ budgetBytes: 1, waiting: 2, keptForReturns: 1, now: () => clock.now });
  const { started, upload, release } = heldUploads(gate);
  const running = [upload('running', 1), upload('waiting', 1)];
  await settle();
  return {
    clock,
    gate,
    started,
    running,
    async empty() {
      release('running');
      await settle();
      release('waiting');
      return Promise.all(running);
    },
  };
}

describe('uploadGate', () => {
  it('runs `atOnce` uploads, queues `waiting` more, and refuses the next with 503 and Retry-After', async () => {
    const gate = uploadGate({ atOnce: 1, waiting: 1 });
    let release = () => {};
    const first = gate(() => new Promise<string>((resolve) => (release = () => resolve('first'))));
    const second = gate(async () => 'second');
    const refused = await gate(async () => 'third').catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).statusCode).toBe(503);
    expect((refused as AppError).options.headers).toEqual({ 'Retry-After': '5' });
    release();
    expect(await Promise.all([first, second])).toEqual(['first', 'second']);
    expect(await gate(async () => 'later')).toBe('later');
  });
});

describe('accountGate', () => {
  it('lets `atOnce` uploads of one account in, refuses the next with 429, and counts accounts apart', async () => {
    const gate = accountGate(2);
    const releases: Array<() => void> = [];
    const held = () => new Promise<string>((resolve) => releases.push(() => resolve('done')));
    const first = gate('a', held);
    const second = gate('a', held);
    const refused = await gate('a', async () => 'third').catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).statusCode).toBe(429);
    expect((refused as AppError).messageKey).toBe('upload.tooManyAtOnce');
    expect((refused as AppError).options.headers).toEqual({ 'Retry-After': '2' });
    expect(await gate('b', async () => 'other account')).toBe('other account');
    for (const release of releases) release();
    expect(await Promise.all([first, second])).toEqual(['done', 'done']);
    // A failed upload gives its place back too.
    await expect(gate('a', async () => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    expect(await gate('a', async () => 'later')).toBe('later');
  });
});

describe('byteGate', () => {
  it('admits uploads in order while their bytes fit, queues the rest, and refuses past `waiting` with 503', async () => {
    const gate = byteGate({ budgetBytes: 10, waiting: 2 });
    const { started, upload, release } = heldUploads(gate);

    const a = upload('a', 4);
    const b = upload('b', 5);
    await settle();
    expect(started).toEqual(['a', 'b']);
    const c = upload('c', 4); // 13 > 10: waits
    const d = upload('d', 1); // behind c, in order, although it would fit
    await settle();
    expect(started).toEqual(['a', 'b']);
    const refused = await gate(1, async () => 'e').catch((err: unknown) => err);
    expect((refused as AppError).statusCode).toBe(503);
    expect((refused as AppError).options.headers).toEqual({ 'Retry-After': '5' });
    // The same answer at the door, before anything of the request is read.
    expect(gate.refuseWhenFull).toThrow(expect.objectContaining({ statusCode: 503 }));

    release('a');
    await settle();
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    expect(gate.refuseWhenFull).not.toThrow();
    for (const name of ['b', 'c', 'd']) release(name);
    expect(await Promise.all([a, b, c, d])).toEqual(['a', 'b', 'c', 'd']);
  });

  it('runs an upload larger than the whole budget alone, and frees its bytes when it fails', async () => {
    const gate = byteGate({ budgetBytes: 10, waiting: 5 });
    await expect(gate(50, async () => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    expect(await gate(50, async () => 'alone')).toBe('alone');
    expect(await Promise.all([gate(5, async () => 1), gate(5, async () => 2)])).toEqual([1, 2]);
  });
});

describe('byteGate while the thread is busy', () => {
  it('admits new uploads only within the smaller budget while busy, and within the whole budget once not', async () => {
    let busy = true;
    const gate = byteGate({ budgetBytes: 10, waiting: 10, whileBusy: { budgetBytes: 4, busy: () => busy } });
    const { started, upload, release } = heldUploads(gate);

    const uploads = [upload('a', 2), upload('b', 2), upload('c', 2), upload('d', 2)];
    await settle();
    expect(started).toEqual(['a', 'b']); // 4 bytes while busy: c and d wait with their bodies unread
    release('a');
    await settle();
    expect(started).toEqual(['a', 'b', 'c']); // still busy: one out, one in
    busy = false;
    uploads.push(upload('e', 2), upload('f', 2));
    await settle();
    expect(started).toEqual(['a', 'b', 'c', 'd', 'e', 'f']); // 10 bytes again
    busy = true;
    for (const name of ['b', 'c', 'd', 'e', 'f']) release(name);
    expect(await Promise.all(uploads)).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    // Nothing in flight: one upload always goes, however busy the thread (slower, never stopped).
    expect(await gate(8, async () => 'alone')).toBe('alone');
  });
});

describe('byteGate yielding to the commitments', () => {
  it('admits uploads only within the smaller budget while a commitment is served, and the rest once it is answered', async () => {
    const commitments = callsServedFirst();
    const gate = byteGate({ budgetBytes: 10, waiting: 10, yieldsTo: { calls: commitments, budgetBytes: 4 } });
    const { started, upload, release } = heldUploads(gate);

    const uploads = [upload('a', 2), upload('b', 2)];
    await settle();
    expect(started).toEqual(['a', 'b']);
    const answered = commitments.arrived();
    uploads.push(upload('c', 2), upload('d', 2));
    await settle();
    expect(started).toEqual(['a', 'b']); // room for 6 more bytes, but a commitment is being served: 4 at most
    release('a');
    await settle();
    expect(started).toEqual(['a', 'b', 'c']); // one out, one in
    answered();
    answered(); // answered once, however many times it is said
    await settle();
    expect(started).toEqual(['a', 'b', 'c', 'd']); // woken by the last commitment's answer: 10 bytes again
    expect(commitments.waiting()).toBe(0);
    for (const name of ['b', 'c', 'd']) release(name);
    expect(await Promise.all(uploads)).toEqual(['a', 'b', 'c', 'd']);
    // Nothing in flight: one upload always goes, whatever is being served (slower, never stopped).
    const served = commitments.arrived();
    expect(await gate(8, async () => 'alone')).toBe('alone');
    served();
  });
});

describe('byteGate when full', () => {
  it('asks a refused upload to come back when the queue will have gone at the recent pace (5 to 30 s)', async () => {
    let now = 0;
    const gate = byteGate({ budgetBytes: 1, waiting: 4, now: () => now });
    const retryAfter = async () => {
      const refused = (await gate(1, async () => 'refused').catch((err: unknown) => err)) as AppError;
      expect(refused.statusCode).toBe(503);
      return refused.options.headers?.['Retry-After'];
    };
    const releases: Array<() => void> = [];
    const held = () => gate(1, () => new Promise<void>((resolve) => releases.push(resolve)));
    // Nothing finished yet: the short default.
    const running = [held(), held(), held(), held(), held()];
    await settle();
    expect(await retryAfter()).toBe('5');
    // Two uploads finish in 10 s (0.2 a second): four waiting take 20 s.
    now = 5_000;
    releases.shift()?.();
    await settle();
    releases.shift()?.();
    await settle();
    running.push(held(), held());
    await settle();
    now = 10_000;
    expect(await retryAfter()).toBe('20');
    // The pace is remembered for a minute, then forgotten: the default again.
    now = 30_000;
    expect(await retryAfter()).toBe('20');
    now = 71_000;
    expect(await retryAfter()).toBe('5');
    for (let i = 0; i < 10; i++) {
      releases.shift()?.();
      await settle();
    }
    await Promise.all(running);
  });

  it('gives each upload it turns away in the same moment a moment of its own to come back, at the recent pace', async () => {
    const gate = fullGate();
    // One upload a second for 10 s: the recent pace.
    await gate.pace(10, 1000);
    await gate.fill();
    // Not all "5 s" (they would come back together to a queue still full): one a second, from 5 s.
    expect(await gate.refuse(4)).toEqual(['5', '6', '7', '8']);
    await gate.empty();
  });
});

describe('byteGate with a long line', () => {
  it('never asks a phone to stay away longer than 30 s, however many were turned away before it', async () => {
    const gate = fullGate();
    // One upload a second: 40 turned away in the same moment would be given 5 s to 44 s.
    await gate.pace(10, 1000);
    await gate.fill();
    const retryAfters = (await gate.refuse(40)).map(Number);
    expect(retryAfters.slice(0, 3)).toEqual([5, 6, 7]);
    expect(Math.max(...retryAfters)).toBe(30);
    expect(retryAfters.filter((seconds) => seconds === 30)).toHaveLength(15);
    await gate.empty();
  });
});

describe('byteGate after a slow spell', () => {
  it('asks refused uploads to come back at the best pace of the last minute, not the slower pace of the last 10 s', async () => {
    const gate = fullGate();
    // Two uploads a second for 10 s, then 20 s of one upload in 10 s (the phones told to come back are away).
    await gate.pace(20, 500);
    gate.clock.now += 15_000;
    await gate.pace(1, 5_000);
    await gate.fill();
    // Two a second, from 5 s (at the last 10 s' pace alone, one each 10 s: 10, 20, 30, ... up to 60).
    expect(await gate.refuse(14)).toEqual([
      '5',
      '6',
      '6',
      '7',
      '7',
      '8',
      '8',
      '9',
      '9',
      '10',
      '10',
      '11',
      '11',
      '12',
    ]);
    await gate.empty();
  });
});

describe('byteGate keeping places for the uploads it turned away', () => {
  it('lets an upload it asked to come back wait in a place kept for returns, where a new one is turned away', async () => {
    const { clock, gate, started, running, empty } = await gateKeepingOnePlace();
    const refusal = async (key: string) => {
      const refused = (await gate(1, async () => 'refused', key).catch((err: unknown) => err)) as AppError;
      expect(refused.statusCode).toBe(503);
      return refused.options.headers?.['Retry-After'];
    };
    // One waits: the other place is kept for returns, so a new photo is turned away, and told its moment.
    expect(await refusal('photo')).toBe('5');
    // Back 2 s too soon: turned away as a new one, and given a new moment (8 s).
    clock.now = 3_000;
    expect(await refusal('photo')).toBe('5');
    // A second before its moment is in time (the phone counts its own seconds).
    clock.now = 7_000;
    expect(() => gate.refuseWhenFull('new')).toThrow(expect.objectContaining({ statusCode: 503 }));
    expect(() => gate.refuseWhenFull('photo')).not.toThrow();
    running.push(gate(1, async () => 'photo', 'photo'));
    await settle();
    // Its place is taken: the moment was kept once, and the queue is full for anyone now.
    expect(await refusal('photo')).toBe('5');
    expect(() => gate.refuseWhenFull('photo')).toThrow(expect.objectContaining({ statusCode: 503 }));
    await empty();
    expect(await Promise.all(running)).toEqual(['running', 'waiting', 'photo']);
    expect(started).toEqual(['running', 'waiting']);
  });

  it('keeps at most PROMISES_KEPT_AT_MOST moments, forgetting the oldest first', async () => {
    const { clock, gate, empty } = await gateKeepingOnePlace();
    const turnAway = (key: string) => {
      try {
        gate.refuseWhenFull(key);
      } catch {
        return;
      }
      throw new Error(`${key} was let in`);
    };
    for (let i = 0; i <= PROMISES_KEPT_AT_MOST; i++) turnAway(`photo ${i}`);
    clock.now = 5_000;
    // The first was forgotten to make room for the last: the second still has its place, the first is new.
    expect(() => gate.refuseWhenFull('photo 1')).not.toThrow();
    expect(() => gate.refuseWhenFull('photo 0')).toThrow(expect.objectContaining({ statusCode: 503 }));
    await empty();
  });

  it('forgets the moment of an upload that never came back after five minutes', async () => {
    const { clock, gate, empty } = await gateKeepingOnePlace();
    expect(() => gate.refuseWhenFull('photo')).toThrow(expect.objectContaining({ statusCode: 503 }));
    clock.now = 5_000 + 5 * 60_000;
    expect(() => gate.refuseWhenFull('another')).toThrow(expect.objectContaining({ statusCode: 503 }));
    expect(() => gate.refuseWhenFull('photo')).toThrow(expect.objectContaining({ statusCode: 503 }));
    await empty();
  });
});

describe('byteGate at a peak', () => {
  it('is at a peak while uploads wait for their turn, or while more than the peak pace finished over the last 10 s', async () => {
    let now = 0;
    const gate = byteGate({ budgetBytes: 1, waiting: 10, now: () => now });
    const { upload, release } = heldUploads(gate);
    expect(gate.atPeak(1)).toBe(false);

    const first = upload('first', 1);
    const second = upload('second', 1); // waits for its turn
    await settle();
    expect(gate.atPeak(1)).toBe(true);

    // 10 finished in 10 s is one a second: a peak above half a second's pace, not above one.
    release('first');
    await settle();
    release('second');
    await Promise.all([first, second]);
    for (let i = 0; i < 8; i++) await gate(1, async () => i);
    expect(gate.atPeak(0.5)).toBe(true);
    expect(gate.atPeak(1)).toBe(false);

    // The pace is that of the last 10 s only.
    now = 10_000;
    expect(gate.atPeak(0.5)).toBe(false);
  });
});

describe('byteGate with a longest wait', () => {
  it('tells an upload that waited too long to come back (503), before the page would drop it, and admits the rest', async () => {
    vi.useFakeTimers();
    try {
      const gate = byteGate({ budgetBytes: 1, waiting: 10, longestWaitMs: 20_000 });
      let release = () => {};
      const first = gate(1, () => new Promise<string>((resolve) => (release = () => resolve('first'))));
      const waited = gate(1, async () => 'never').catch((err: unknown) => err);
      await vi.advanceTimersByTimeAsync(19_000);
      const later = gate(1, async () => 'later');
      await vi.advanceTimersByTimeAsync(1_000);
      const refused = (await waited) as AppError;
      expect(refused).toBeInstanceOf(AppError);
      expect(refused.statusCode).toBe(503);
      expect(refused.options.headers).toEqual({ 'Retry-After': '5' });
      release();
      expect(await first).toBe('first');
      expect(await later).toBe('later');
    } finally {
      vi.useRealTimers();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { batchWriter } from './batch-writer.ts';

/** A write call held open until the test lets it finish. */
function heldWrites() {
  const calls: { items: number[]; finish: () => void }[] = [];
  const writeMany = (items: number[]) =>
    new Promise<string[]>((resolve) => {
      calls.push({ items, finish: () => resolve(items.map((n) => `wrote ${n}`)) });
    });
  return { calls, writeMany };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('batchWriter', () => {
  it('writes the items of one turn in one call, and answers each its own result', async () => {
    const calls: number[][] = [];
    const write = batchWriter(
      async (items: number[]) => {
        calls.push(items);
        return items.map((n) => n * 10);
      },
      { atOnce: 2, maxBatch: 50 },
    );
    expect(await Promise.all([write(1), write(2), write(3)])).toEqual([10, 20, 30]);
    expect(calls).toEqual([[1, 2, 3]]);
    expect(await write(4)).toBe(40);
    expect(calls).toEqual([[1, 2, 3], [4]]);
  });

  it('gathers the items that arrive while atOnce calls are running into the next call, maxBatch at most', async () => {
    const { calls, writeMany } = heldWrites();
    const write = batchWriter(writeMany, { atOnce: 1, maxBatch: 3 });
    const first = write(1);
    await turn();
    expect(calls.map((c) => c.items)).toEqual([[1]]);

    const later = [2, 3, 4, 5].map(write);
    await turn();
    expect(calls).toHaveLength(1); // still writing the first

    calls[0]?.finish();
    expect(await first).toBe('wrote 1');
    await turn();
    expect(calls.map((c) => c.items)).toEqual([[1], [2, 3, 4]]);
    calls[1]?.finish();
    await turn();
    expect(calls.map((c) => c.items)).toEqual([[1], [2, 3, 4], [5]]);
    calls[2]?.finish();
    expect(await Promise.all(later)).toEqual(['wrote 2', 'wrote 3', 'wrote 4', 'wrote 5']);
  });

  it('tries a failed call again one item at a time, so only the item that cannot be written fails', async () => {
    const calls: number[][] = [];
    const write = batchWriter(
      async (items: number[]) => {
        calls.push(items);
        if (items.includes(2)) throw new Error('item 2 breaks a constraint');
        return items;
      },
      { atOnce: 2, maxBatch: 50 },
    );
    const results = await Promise.allSettled([write(1), write(2), write(3)]);
    expect(results).toEqual([
      { status: 'fulfilled', value: 1 },
      { status: 'rejected', reason: new Error('item 2 breaks a constraint') },
      { status: 'fulfilled', value: 3 },
    ]);
    expect(calls).toEqual([[1, 2, 3], [1], [2], [3]]);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { AnswerQueue } from './answer-queue.ts';
import 'fake-indexeddb/auto';
import { clearOtherPracticeRuns, indexedDbStorage, memoryStorage } from './queue-storage.ts';
import { practiceTransport } from './transport.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('practiceTransport', () => {
  it('keeps the practice answers and photos on the device: nothing is sent to the server', async () => {
    const network = vi.fn(() => {
      throw new Error('the practice must not use the network');
    });
    vi.stubGlobal('fetch', network);
    vi.stubGlobal('XMLHttpRequest', network);
    const storage = memoryStorage();
    const scope = 'practice:u1:1';
    const queue = new AnswerQueue({
      transport: practiceTransport(storage, `${scope}:answers`),
      storage,
      scope,
    });
    await queue.start();
    await queue.addPhotos('practice-1', [
      new File([new Uint8Array([5, 6, 7])], 'p.jpg', { type: 'image/jpeg' }),
    ]);
    expect(await queue.flush(1000, { deliveries: true })).toBe(true);
    expect(network).not.toHaveBeenCalled();
    await vi.waitFor(() =>
      expect(
        queue.getState().answers['practice-1']?.images.map((image) => [image.size, image.status]),
      ).toEqual([[3, 'stored']]),
    );
    // The bytes are kept by the practice (under its answers' key), the queue's own copy is gone.
    const keys = [...storage.data.keys()];
    expect(keys.filter((key) => key.startsWith(`${scope}:answers:bytes:`))).toHaveLength(1);
    expect(keys.some((key) => key.startsWith(`${scope}:photo:`))).toBe(false);

    // A reload of the practice page shows the same answer.
    queue.stop();
    const again = new AnswerQueue({
      transport: practiceTransport(storage, `${scope}:answers`),
      storage,
      scope,
    });
    await again.start();
    expect(again.getState().answers['practice-1']?.images.map((image) => image.status)).toEqual(['stored']);
    again.stop();
  });
});

describe('clearOtherPracticeRuns', () => {
  it("removes earlier practice runs of the student only, never the exam's queue or another student's", async () => {
    const storage = indexedDbStorage();
    for (const key of [
      'practice:u1:1:answers',
      'practice:u1:1:answers:bytes:ab',
      'practice:u1:2:photo:p',
      'practice:u2:1:answers',
      'exam:u1:photo:p',
    ]) {
      await storage.set(key, 1);
    }
    await clearOtherPracticeRuns('u1', 'practice:u1:2');
    expect((await storage.keys()).sort()).toEqual([
      'exam:u1:photo:p',
      'practice:u1:2:photo:p',
      'practice:u2:1:answers',
    ]);
  });
});

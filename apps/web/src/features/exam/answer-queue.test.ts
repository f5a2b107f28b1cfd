import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import {
  AnswerQueue,
  mergeImages,
  type QueueTransport,
  type SavedAnswer,
  TransportError,
} from './answer-queue.ts';
import { indexedDbStorage, memoryStorage } from './queue-storage.ts';

const photo = (name: string) => new File([new Uint8Array([1, 2, 3])], name, { type: 'image/jpeg' });
const FAST = { retries: Number.POSITIVE_INFINITY, baseDelayMs: 10, maxDelayMs: 40 };

/** A server in memory: uploads give /api/v1/media/<n>; saves check the version like the API. */
function fakeServer() {
  const answers = new Map<string, SavedAnswer>();
  let uploads = 0;
  const server = {
    answers,
    online: true,
    calls: [] as string[],
    transport: {
      upload: async (file: File) => {
        server.calls.push(`upload ${file.name}`);
        if (!server.online) throw new TransportError('network');
        uploads += 1;
        return `/api/v1/media/${uploads}`;
      },
      save: async (input) => {
        server.calls.push(`save ${input.question_id} v${input.version} ${input.image_urls.join(',')}`);
        if (!server.online) throw new TransportError('network');
        const current = answers.get(input.question_id);
        if ((current?.version ?? 0) !== input.version) throw new TransportError('conflict', 'stale');
        const saved = { ...input, version: input.version + 1, saved_at: '2025-01-14T17:10:00+06:00' };
        answers.set(input.question_id, saved);
        return saved;
      },
      loadAnswers: async () => {
        if (!server.online) throw new TransportError('network');
        return [...answers.values()];
      },
    } as QueueTransport,
  };
  return server;
}

describe('mergeImages', () => {
  it("keeps the server's images and ours, without the removed, each once", () => {
    expect(mergeImages(['a', 'b'], ['c', 'a'], ['b'])).toEqual(['a', 'c']);
  });
});

describe('AnswerQueue', () => {
  it('uploads the photos, saves the answer with the version read, and reloads the answers', async () => {
    const server = fakeServer();
    const storage = memoryStorage();
    const queue = new AnswerQueue({ transport: server.transport, storage, scope: 's', backoff: FAST });
    await queue.start();
    await queue.addPhotos('q1', [photo('one.jpg'), photo('two.jpg')]);
    expect(await queue.flush(1000)).toBe(true);
    expect(server.answers.get('q1')?.image_urls).toEqual(['/api/v1/media/1', '/api/v1/media/2']);
    expect(server.calls.filter((c) => c.startsWith('save'))[0]).toContain('v0');
    expect(queue.getState().answers.q1?.version).toBe(1);
    expect(queue.getState().waiting).toBe(0);
    expect(storage.data.size).toBe(0);
    queue.stop();
  });

  it('keeps a photo on the device while offline, retries with back-off, and sends it when the connection returns', async () => {
    const server = fakeServer();
    const storage = memoryStorage();
    let online = true;
    const queue = new AnswerQueue({
      transport: server.transport,
      storage,
      scope: 's',
      backoff: { retries: Number.POSITIVE_INFINITY, baseDelayMs: 20, maxDelayMs: 60_000 },
      isOnline: () => online,
      random: () => 0,
    });
    await queue.start();
    server.online = false;
    online = false;
    await queue.addPhotos('q2', [photo('offline.jpg')]);
    await vi.waitFor(() =>
      expect(server.calls.filter((c) => c === 'upload offline.jpg').length).toBeGreaterThanOrEqual(3),
    );
    // Back-off: 10, 20, 40 ms (half the ceiling with no jitter) and growing.
    expect(queue.getState()).toMatchObject({ waiting: 1, offline: true });
    expect([...storage.data.keys()].some((key) => key.startsWith('s:photo:'))).toBe(true);

    server.online = true;
    online = true;
    queue.retryNow();
    expect(await queue.flush(1000)).toBe(true);
    expect(server.answers.get('q2')?.image_urls).toHaveLength(1);
    expect(queue.getState()).toMatchObject({ waiting: 0, offline: false });
    expect(storage.data.size).toBe(0);
    queue.stop();
  });

  it('finds what was waiting after a reload (IndexedDB) and sends it', async () => {
    const server = fakeServer();
    server.online = false;
    const storage = indexedDbStorage('exam-test', 'queue');
    const first = new AnswerQueue({ transport: server.transport, storage, scope: 'u1', backoff: FAST });
    await first.start();
    await first.addPhotos('q1', [photo('kept.jpg')]);
    first.stop(); // the page is reloaded

    expect((await storage.keys()).some((key) => key.startsWith('u1:photo:'))).toBe(true);
    server.online = true;
    const second = new AnswerQueue({ transport: server.transport, storage, scope: 'u1', backoff: FAST });
    await second.start();
    expect(await second.flush(2000)).toBe(true);
    expect(server.answers.get('q1')?.image_urls).toHaveLength(1);
    expect(await storage.keys()).toEqual([]);
    // Another student's queue on the same device is not touched by this one.
    second.stop();
  });

  it('on a stale save (another tab saved between) reloads, merges and keeps both sets of images', async () => {
    const server = fakeServer();
    const queue = new AnswerQueue({
      transport: server.transport,
      storage: memoryStorage(),
      scope: 's',
      backoff: FAST,
    });
    await queue.start();
    await queue.addPhotos('q1', [photo('mine.jpg')]);
    expect(await queue.flush(1000)).toBe(true);
    // Another tab saves an image of its own; this tab still holds version 1.
    server.answers.set('q1', {
      question_id: 'q1',
      image_urls: ['/api/v1/media/1', '/api/v1/media/other'],
      version: 2,
      saved_at: '2025-01-14T17:11:00+06:00',
    });
    await queue.addPhotos('q1', [photo('mine-too.jpg')]);
    expect(await queue.flush(1000)).toBe(true);
    expect(server.calls.some((c) => c.startsWith('save q1 v1'))).toBe(true);
    expect(server.answers.get('q1')?.image_urls).toEqual([
      '/api/v1/media/1',
      '/api/v1/media/other',
      '/api/v1/media/2',
    ]);
    queue.stop();
  });

  it('removes an image, and tells when the server refuses a change for good', async () => {
    const server = fakeServer();
    const notices: unknown[] = [];
    const queue = new AnswerQueue({
      transport: server.transport,
      storage: memoryStorage(),
      scope: 's',
      backoff: FAST,
      onNotice: (notice) => notices.push(notice),
    });
    await queue.start();
    await queue.addPhotos('q1', [photo('a.jpg'), photo('b.jpg')]);
    await queue.flush(1000);
    await queue.removeImage('q1', '/api/v1/media/1');
    await queue.flush(1000);
    expect(server.answers.get('q1')?.image_urls).toEqual(['/api/v1/media/2']);

    server.transport.save = async () => {
      throw new TransportError('conflict', 'The exam has ended, so answers can no longer be saved.');
    };
    await queue.removeImage('q1', '/api/v1/media/2');
    await queue.flush(1000);
    expect(notices).toEqual([{ kind: 'removeFailed' }]);
    expect(queue.getState().error).toBe('The exam has ended, so answers can no longer be saved.');
    queue.stop();
  });

  it('reports an upload the server refuses (the spec alert) and drops it', async () => {
    const server = fakeServer();
    const notices: unknown[] = [];
    server.transport.upload = async () => {
      throw Object.assign(new Error('badResponse'), { kind: 'badResponse' });
    };
    const queue = new AnswerQueue({
      transport: server.transport,
      storage: memoryStorage(),
      scope: 's',
      onNotice: (notice) => notices.push(notice),
    });
    await queue.start();
    await queue.addPhotos('q1', [photo('x.jpg')]);
    expect(await queue.flush(1000)).toBe(true);
    expect(notices).toEqual([{ kind: 'uploadFailed', fileName: 'x.jpg', message: undefined }]);
    queue.stop();
  });
  it("reads the server's answers again by itself when the first read failed, then saves what waits", async () => {
    // The server restarting as the page opens: the answers cannot be read yet. The browser never went
    // offline, so no 'online' event comes: the queue must try again on its own and not stay waiting.
    const server = fakeServer();
    server.answers.set('q0', {
      question_id: 'q0',
      image_urls: ['/api/v1/media/earlier'],
      version: 1,
      saved_at: '2025-01-14T17:05:00+06:00',
    });
    server.online = false;
    const queue = new AnswerQueue({
      transport: server.transport,
      storage: memoryStorage(),
      scope: 's',
      backoff: FAST,
      random: () => 0,
    });
    await queue.start();
    expect(queue.getState().loaded).toBe(false);
    await queue.addPhotos('q1', [photo('early.jpg')]);
    expect(queue.getState()).toMatchObject({ waiting: 1, offline: true });
    server.online = true;
    await vi.waitFor(() => expect(server.answers.get('q1')?.image_urls).toHaveLength(1), { timeout: 2000 });
    await vi.waitFor(() =>
      expect(queue.getState()).toMatchObject({ loaded: true, waiting: 0, offline: false }),
    );
    // The answers saved before are on screen again too.
    expect(queue.getState().answers.q0?.image_urls).toEqual(['/api/v1/media/earlier']);
    queue.stop();
  });

  it('sends again an upload that hung while offline when the connection returns', async () => {
    const server = fakeServer();
    const upload = server.transport.upload;
    let hang = true;
    server.transport.upload = (file, _onProgress, signal) =>
      hang
        ? new Promise<string>((_resolve, reject) =>
            signal.addEventListener('abort', () => reject(new TransportError('network'))),
          )
        : upload(file, _onProgress, signal);
    const queue = new AnswerQueue({
      transport: server.transport,
      storage: memoryStorage(),
      scope: 's',
      backoff: FAST,
    });
    await queue.start();
    await queue.addPhotos('q1', [photo('stuck.jpg')]);
    expect(queue.getState().photos[0]?.status).toBe('uploading');
    hang = false;
    queue.retryNow(); // the browser's online event
    expect(await queue.flush(1000)).toBe(true);
    expect(server.answers.get('q1')?.image_urls).toHaveLength(1);
    queue.stop();
  });
});

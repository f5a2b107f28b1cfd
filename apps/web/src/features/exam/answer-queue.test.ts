import 'fake-indexeddb/auto';
import type { CommittedImage, LatePhoto } from '@ngso/shared/schemas/exam';
import { describe, expect, it, vi } from 'vitest';
import { mergeImages } from './answer-intents.ts';
import { AnswerQueue } from './answer-queue.ts';
import { sha256Hex } from './photo-hash.ts';
import type { QueueOptions } from './queue-options.ts';
import { indexedDbStorage, memoryStorage } from './queue-storage.ts';
import { type QueueTransport, type SavedAnswer, TransportError } from './transport-contract.ts';

let seed = 0;
/** A photo with bytes of its own (so its hash is its own). */
const photo = (name: string) => {
  seed += 1;
  return new File([new Uint8Array([1, 2, 3, seed % 256, Math.floor(seed / 256)])], name, {
    type: 'image/jpeg',
  });
};
const FAST = { retries: Number.POSITIVE_INFINITY, baseDelayMs: 10, maxDelayMs: 40 };

type Mode = 'open' | 'closed' | 'deliveryClosed';

/**
 * The server's contract in memory: commits check the version (409 stale) and the window (409 once
 * closed); deliveries need a commitment (404), match the hash (422), and are refused after the delivery
 * deadline (409); late photos only once the commitments are closed.
 */
function fakeServer() {
  const answers = new Map<string, SavedAnswer>();
  const stored = new Set<string>();
  const late: LatePhoto[] = [];
  const committed = () => new Set([...answers.values()].flatMap((a) => a.images.map((i) => i.sha256)));
  const view = (answer: SavedAnswer): SavedAnswer => {
    const images = answer.images.map((entry) => ({
      ...entry,
      status: stored.has(entry.sha256) ? ('stored' as const) : ('pending' as const),
      url: stored.has(entry.sha256) ? `/api/v1/media/${entry.sha256.slice(0, 8)}` : null,
    }));
    return { ...answer, images, image_urls: images.flatMap((i) => (i.url ? [i.url] : [])) };
  };
  const server = {
    answers,
    stored,
    late,
    online: true,
    mode: 'open' as Mode,
    calls: [] as string[],
    /** Answers the next deliveries with these refusals first. */
    deliveryFailures: [] as TransportError[],
    view: (q: string) => {
      const answer = answers.get(q);
      return answer ? view(answer) : undefined;
    },
    transport: {
      commit: async (input) => {
        server.calls.push(`commit ${input.question_id} v${input.version} ${input.images.length}`);
        if (!server.online) throw new TransportError('network');
        if (server.mode !== 'open')
          throw new TransportError('conflict', 'The exam has ended.', { status: 409 });
        const current = answers.get(input.question_id);
        if ((current?.version ?? 0) !== input.version)
          throw new TransportError('conflict', 'stale', { status: 409 });
        const saved: SavedAnswer = {
          question_id: input.question_id,
          image_urls: [],
          images: input.images.map((entry) => ({ ...entry, url: null, status: 'pending' })),
          version: input.version + 1,
          saved_at: '2025-01-14T17:10:00+06:00',
        };
        answers.set(input.question_id, saved);
        return view(saved);
      },
      deliver: async (p, onProgress) => {
        server.calls.push(`deliver ${p.name}`);
        if (!server.online) throw new TransportError('network');
        const failure = server.deliveryFailures.shift();
        if (failure) throw failure;
        if (server.mode === 'deliveryClosed')
          throw new TransportError('conflict', 'Photos for this exam can no longer be sent.', {
            status: 409,
          });
        const isLate = late.some((l) => l.sha256 === p.sha256);
        if (!committed().has(p.sha256) && !isLate)
          throw new TransportError('refused', 'not committed', { status: 404 });
        if ((await sha256Hex(await p.bytes.arrayBuffer())) !== p.sha256)
          throw new TransportError('refused', 'mismatch', { status: 422 });
        onProgress(100);
        stored.add(p.sha256);
        return {
          sha256: p.sha256,
          size: p.bytes.size,
          url: `/api/v1/media/${p.sha256.slice(0, 8)}`,
          status: 'stored' as const,
          late: isLate,
        };
      },
      registerLate: async (input) => {
        server.calls.push(`late ${input.question_id}`);
        if (!server.online) throw new TransportError('network');
        if (server.mode === 'open') throw new TransportError('conflict', 'too early', { status: 409 });
        const entry: LatePhoto = {
          question_id: input.question_id,
          sha256: input.sha256,
          size: input.size,
          url: null,
          status: 'pending',
          taken_at: input.taken_at,
          received_at: '2025-01-14T18:05:00+06:00',
          decision: 'pending',
        };
        late.push(entry);
        return entry;
      },
      loadAnswers: async () => {
        if (!server.online) throw new TransportError('network');
        return {
          answers: [...answers.values()].map(view),
          latePhotos: late.map((l) => ({
            ...l,
            status: stored.has(l.sha256) ? ('stored' as const) : l.status,
          })),
        };
      },
    } as QueueTransport,
  };
  return server;
}

type Server = ReturnType<typeof fakeServer>;

function newQueue(server: Server, options: Partial<QueueOptions> = {}) {
  return new AnswerQueue({
    transport: server.transport,
    storage: memoryStorage(),
    scope: 's',
    backoff: FAST,
    ...options,
  });
}

const hashes = (list: readonly CommittedImage[] | undefined) => (list ?? []).map((entry) => entry.sha256);

describe('mergeImages', () => {
  it("keeps the server's photos and ours, without the removed, each once", () => {
    const a = { sha256: 'a', size: 1 };
    const b = { sha256: 'b', size: 2 };
    const c = { sha256: 'c', size: 3 };
    expect(mergeImages([a, b], [c, a], ['b'])).toEqual([a, c]);
  });
});

describe('AnswerQueue', () => {
  it('commits each photo by hash and size first, then delivers its bytes; the device keeps nothing after', async () => {
    const server = fakeServer();
    const storage = memoryStorage();
    const queue = newQueue(server, { storage });
    await queue.start();
    const files = [photo('one.jpg'), photo('two.jpg')];
    await queue.addPhotos('q1', files);
    expect(await queue.flush(1000, { deliveries: true })).toBe(true);

    const expected = await Promise.all(files.map(async (f) => sha256Hex(await f.arrayBuffer())));
    const answer = server.view('q1');
    expect(hashes(answer?.images).sort()).toEqual([...expected].sort());
    expect(answer?.images.map((i) => i.size)).toEqual([5, 5]);
    expect(answer?.images.every((i) => i.status === 'stored')).toBe(true);
    // Every delivery came after a commit that named the photo.
    const firstCommit = server.calls.findIndex((c) => c.startsWith('commit'));
    const firstDelivery = server.calls.findIndex((c) => c.startsWith('deliver'));
    expect(firstCommit).toBeGreaterThanOrEqual(0);
    expect(firstDelivery).toBeGreaterThan(firstCommit);
    expect(queue.getState()).toMatchObject({ waiting: 0, sending: 0, sendingLate: 0 });
    expect(Object.keys(queue.getState().sent).sort()).toEqual([...expected].sort());
    expect(storage.data.size).toBe(0);
    queue.stop();
  });

  it("shows a delivered photo as stored from the delivery's own answer, without reading every answer again", async () => {
    const server = fakeServer();
    const load = server.transport.loadAnswers;
    server.transport.loadAnswers = async () => {
      server.calls.push('load');
      return load();
    };
    const queue = newQueue(server);
    await queue.start();
    await queue.addPhotos('q1', [photo('one.jpg')]);
    expect(await queue.flush(1000, { deliveries: true })).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 50));

    // Read at the start and after the commit (the spec's rule), not after the delivery: at the exam's end
    // every phone delivers at once, and a read per photo would double the server's calls.
    expect(server.calls.filter((call) => call === 'load')).toHaveLength(2);
    const answer = queue.getState().answers.q1;
    expect(answer?.images).toMatchObject([
      { status: 'stored', url: expect.stringMatching(/^\/api\/v1\/media\//) },
    ]);
    expect(answer?.image_urls).toEqual([answer?.images[0]?.url]);
    queue.stop();
  });

  it('a commit gets through while the bytes cannot: the photo is recorded, and delivered when they can', async () => {
    const server = fakeServer();
    const queue = newQueue(server, { random: () => 0 });
    await queue.start();
    // The crawl: every delivery fails for lack of a connection, commits get through.
    const deliver = server.transport.deliver;
    server.transport.deliver = async () => {
      server.calls.push('deliver failed');
      throw new TransportError('network');
    };
    await queue.addPhotos('q1', [photo('crawl.jpg')]);
    expect(await queue.flush(1000)).toBe(true);
    expect(server.view('q1')?.images.map((i) => i.status)).toEqual(['pending']);
    await vi.waitFor(() =>
      expect(server.calls.filter((c) => c === 'deliver failed').length).toBeGreaterThanOrEqual(2),
    );
    expect(queue.getState()).toMatchObject({ waiting: 0, sending: 1 });
    expect(queue.getState().photos[0]?.status).toBe('recorded');
    expect(queue.hasUnsavedWork()).toBe(true);

    server.transport.deliver = deliver;
    queue.retryNow();
    expect(await queue.flush(1000, { deliveries: true })).toBe(true);
    expect(server.view('q1')?.images.map((i) => i.status)).toEqual(['stored']);
    queue.stop();
  });

  it('keeps delivering after the window: recorded photos arrive, on time (not late)', async () => {
    const server = fakeServer();
    server.online = true;
    const queue = newQueue(server);
    await queue.start();
    server.deliveryFailures.push(new TransportError('network'));
    await queue.addPhotos('q1', [photo('last-minute.jpg')]);
    expect(await queue.flush(1000)).toBe(true);
    server.mode = 'closed'; // the end and the grace have passed: no more commitments
    expect(await queue.flush(2000, { deliveries: true })).toBe(true);
    expect(server.view('q1')?.images.map((i) => i.status)).toEqual(['stored']);
    expect(server.late).toEqual([]);
    queue.stop();
  });

  it('a photo not committed before the commitments closed is announced as late, then delivered', async () => {
    const server = fakeServer();
    const queue = newQueue(server);
    await queue.start();
    server.online = false; // offline through the end and the grace
    await queue.addPhotos('q2', [photo('offline.jpg')]);
    expect(queue.getState()).toMatchObject({ waiting: 1 });
    server.mode = 'closed';
    server.online = true;
    queue.retryNow();
    expect(await queue.flush(2000, { deliveries: true })).toBe(true);
    expect(server.late).toHaveLength(1);
    expect(server.late[0]?.question_id).toBe('q2');
    expect(server.late[0]?.taken_at).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);
    expect(server.stored.has(server.late[0]?.sha256 ?? '')).toBe(true);
    expect(server.answers.get('q2')).toBeUndefined(); // it never counts by itself
    const sent = Object.values(queue.getState().sent);
    expect(sent).toMatchObject([{ questionId: 'q2', late: true }]);
    await vi.waitFor(() => expect(queue.getState().latePhotos).toHaveLength(1));
    queue.stop();
  });

  it('a delivery the server says is not committed (404) is committed again, then delivered', async () => {
    const server = fakeServer();
    const queue = newQueue(server);
    await queue.start();
    // The server lost the commitment (the bug case): the first delivery is refused as not committed.
    const deliver = server.transport.deliver;
    server.transport.deliver = async (p, onProgress, signal) => {
      server.transport.deliver = deliver;
      server.answers.delete('q1');
      return deliver(p, onProgress, signal);
    };
    await queue.addPhotos('q1', [photo('lost.jpg')]);
    expect(await queue.flush(2000, { deliveries: true })).toBe(true);
    expect(server.view('q1')?.images.map((i) => i.status)).toEqual(['stored']);
    expect(server.calls.filter((c) => c.startsWith('commit q1')).length).toBe(2);
    queue.stop();
  });

  it('honours Retry-After on 429 and 503 (with jitter), and sends again bytes that arrived damaged (422)', async () => {
    const server = fakeServer();
    let clock = 1_000_000;
    const queue = newQueue(server, { now: () => clock, random: () => 0 });
    await queue.start();
    server.deliveryFailures.push(
      new TransportError('network', 'Please send at most two photos at a time.', {
        status: 429,
        retryAfterMs: 5000,
      }),
    );
    await queue.addPhotos('q1', [photo('busy.jpg')]);
    await vi.waitFor(() => expect(server.calls.filter((c) => c.startsWith('deliver')).length).toBe(1));
    // Well past the back-off of 10-40 ms but before the 5 s the server asked: nothing is sent.
    await new Promise((resolve) => setTimeout(resolve, 100));
    clock += 1000;
    queue.kick();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.calls.filter((c) => c.startsWith('deliver')).length).toBe(1);
    clock += 5000;
    server.deliveryFailures.push(new TransportError('refused', 'mismatch', { status: 422 }));
    queue.kick();
    await vi.waitFor(() => expect(server.calls.filter((c) => c.startsWith('deliver')).length).toBe(2));
    clock += 1000;
    queue.kick();
    await vi.waitFor(() => expect(server.view('q1')?.images.map((i) => i.status)).toEqual(['stored']));
    queue.stop();
  });

  it('tells the student and lets a photo go when the delivery deadline has passed', async () => {
    const server = fakeServer();
    const notices: unknown[] = [];
    const storage = memoryStorage();
    const queue = newQueue(server, { storage, onNotice: (notice) => notices.push(notice) });
    await queue.start();
    server.mode = 'deliveryClosed';
    // Committed earlier; the bytes come after the deadline.
    server.mode = 'open';
    server.deliveryFailures.push(
      new TransportError('conflict', 'Photos for this exam can no longer be sent.', { status: 409 }),
    );
    await queue.addPhotos('q1', [photo('too-late.jpg')]);
    expect(await queue.flush(1000, { deliveries: true })).toBe(true);
    expect(notices).toEqual([
      {
        kind: 'uploadFailed',
        fileName: 'too-late.jpg',
        message: 'Photos for this exam can no longer be sent.',
      },
    ]);
    expect(storage.data.size).toBe(0);
    queue.stop();
  });

  it('finds what was committed but not delivered after a reload (IndexedDB) and delivers it', async () => {
    const server = fakeServer();
    const storage = indexedDbStorage('exam-test', 'queue');
    const first = new AnswerQueue({ transport: server.transport, storage, scope: 'u1', backoff: FAST });
    await first.start();
    server.deliveryFailures.push(new TransportError('network'), new TransportError('network'));
    const deliver = server.transport.deliver;
    server.transport.deliver = async () => {
      throw new TransportError('network');
    };
    await first.addPhotos('q1', [photo('kept.jpg')]);
    expect(await first.flush(1000)).toBe(true);
    expect(server.view('q1')?.images.map((i) => i.status)).toEqual(['pending']);
    first.stop(); // the page is reloaded (or the student comes back later)

    expect((await storage.keys()).some((key) => key.startsWith('u1:photo:'))).toBe(true);
    server.transport.deliver = deliver;
    server.deliveryFailures.length = 0;
    const second = new AnswerQueue({ transport: server.transport, storage, scope: 'u1', backoff: FAST });
    await second.start();
    expect(second.getState().photos.map((p) => p.status)).toEqual(['recorded']);
    expect(await second.flush(2000, { deliveries: true })).toBe(true);
    expect(server.view('q1')?.images.map((i) => i.status)).toEqual(['stored']);
    expect(server.calls.filter((c) => c.startsWith('commit')).length).toBe(1);
    expect(await storage.keys()).toEqual([]);
    second.stop();
  });

  it('on a stale commit (another tab saved between) reloads, merges and keeps both sets of photos', async () => {
    const server = fakeServer();
    const queue = newQueue(server);
    await queue.start();
    await queue.addPhotos('q1', [photo('mine.jpg')]);
    expect(await queue.flush(1000, { deliveries: true })).toBe(true);
    const mine = hashes(server.answers.get('q1')?.images);
    await vi.waitFor(() => expect(queue.getState().answers.q1?.images[0]?.status).toBe('stored'));
    // Another tab commits a photo of its own; this tab still holds version 1.
    const other = { sha256: 'f'.repeat(64), size: 9, url: null, status: 'pending' as const };
    const current = server.answers.get('q1');
    if (!current) throw new Error('saved');
    server.answers.set('q1', { ...current, images: [...current.images, other], version: 2 });
    await queue.addPhotos('q1', [photo('mine-too.jpg')]);
    expect(await queue.flush(1000, { deliveries: true })).toBe(true);
    expect(server.calls.some((c) => c.startsWith('commit q1 v1'))).toBe(true);
    const list = hashes(server.answers.get('q1')?.images);
    expect(list).toHaveLength(3);
    expect(list.slice(0, 2)).toEqual([...mine, other.sha256]);
    queue.stop();
  });

  it('removes a photo, and tells when the server refuses a removal after the end', async () => {
    const server = fakeServer();
    const notices: unknown[] = [];
    const queue = newQueue(server, { onNotice: (notice) => notices.push(notice) });
    await queue.start();
    await queue.addPhotos('q1', [photo('a.jpg'), photo('b.jpg')]);
    await queue.flush(1000, { deliveries: true });
    const [first, second] = hashes(server.answers.get('q1')?.images);
    await queue.removeImage('q1', first ?? '');
    await queue.flush(1000);
    expect(hashes(server.answers.get('q1')?.images)).toEqual([second]);

    server.mode = 'closed';
    await queue.removeImage('q1', second ?? '');
    await queue.flush(1000);
    expect(notices).toEqual([{ kind: 'removeFailed' }]);
    expect(queue.getState().error).toBe('The exam has ended.');
    expect(hashes(server.answers.get('q1')?.images)).toEqual([second]);
    queue.stop();
  });

  it('a photo removed before its commit went out is never sent', async () => {
    const server = fakeServer();
    server.online = false;
    const storage = memoryStorage();
    const queue = newQueue(server, { storage });
    await queue.start();
    await queue.addPhotos('q1', [photo('oops.jpg')]);
    const sha = queue.getState().photos[0]?.sha256 ?? '';
    await queue.removeImage('q1', sha);
    server.online = true;
    queue.retryNow();
    expect(await queue.flush(1000, { deliveries: true })).toBe(true);
    expect(server.calls.filter((c) => c.startsWith('deliver'))).toEqual([]);
    expect(server.answers.get('q1')).toBeUndefined();
    expect(storage.data.size).toBe(0);
    queue.stop();
  });

  it("reads the server's answers again by itself when the first read failed, then commits what waits", async () => {
    // The server restarting as the page opens: the answers cannot be read yet. The browser never went
    // offline, so no 'online' event comes: the queue must try again on its own and not stay waiting.
    const server = fakeServer();
    server.answers.set('q0', {
      question_id: 'q0',
      image_urls: [],
      images: [{ sha256: 'e'.repeat(64), size: 4, url: null, status: 'pending' }],
      version: 1,
      saved_at: '2025-01-14T17:05:00+06:00',
    });
    server.online = false;
    const queue = newQueue(server, { random: () => 0 });
    await queue.start();
    expect(queue.getState().loaded).toBe(false);
    await queue.addPhotos('q1', [photo('early.jpg')]);
    expect(queue.getState()).toMatchObject({ waiting: 1, offline: true });
    server.online = true;
    await vi.waitFor(() => expect(server.view('q1')?.images.map((i) => i.status)).toEqual(['stored']), {
      timeout: 2000,
    });
    await vi.waitFor(() =>
      expect(queue.getState()).toMatchObject({ loaded: true, waiting: 0, offline: false }),
    );
    expect(hashes(queue.getState().answers.q0?.images)).toEqual(['e'.repeat(64)]);
    queue.stop();
  });

  it('sends again a delivery that hung while offline when the connection returns', async () => {
    const server = fakeServer();
    const deliver = server.transport.deliver;
    let hang = true;
    server.transport.deliver = (p, onProgress, signal) =>
      hang
        ? new Promise((_resolve, reject) =>
            signal.addEventListener('abort', () => reject(new TransportError('network'))),
          )
        : deliver(p, onProgress, signal);
    const queue = newQueue(server);
    await queue.start();
    await queue.addPhotos('q1', [photo('stuck.jpg')]);
    await vi.waitFor(() => expect(queue.getState().photos[0]?.progress).toBe(0));
    hang = false;
    queue.retryNow(); // the browser's online event
    expect(await queue.flush(1000, { deliveries: true })).toBe(true);
    expect(server.view('q1')?.images.map((i) => i.status)).toEqual(['stored']);
    queue.stop();
  });

  it('Submit waits for the commitments only, and does not cut off bytes on their way', async () => {
    const server = fakeServer();
    let aborted = false;
    server.transport.deliver = (_p, _onProgress, signal) =>
      new Promise((_resolve, reject) =>
        signal.addEventListener('abort', () => {
          aborted = true;
          reject(new TransportError('network'));
        }),
      );
    const queue = newQueue(server);
    await queue.start();
    await queue.addPhotos('q1', [photo('slow.jpg')]);
    expect(await queue.flush(1000)).toBe(true);
    expect(await queue.flush(1000)).toBe(true);
    expect(aborted).toBe(false);
    expect(queue.getState()).toMatchObject({ waiting: 0, sending: 1 });
    expect(await queue.flush(50, { deliveries: true })).toBe(false);
    queue.stop();
  });

  it('names a photo queued by the older page (upload first) by its hash and commits it', async () => {
    const server = fakeServer();
    const storage = memoryStorage();
    const bytes = new Uint8Array([9, 8, 7]).buffer;
    await storage.set('s:photo:old', {
      id: 'old',
      questionId: 'q3',
      name: 'old.jpg',
      type: 'image/jpeg',
      bytes,
      createdAt: 1,
    });
    await storage.set('s:intent:q3', { questionId: 'q3', add: ['/api/v1/media/1'], remove: [] });
    const queue = newQueue(server, { storage });
    await queue.start();
    expect(await queue.flush(1000, { deliveries: true })).toBe(true);
    expect(hashes(server.answers.get('q3')?.images)).toEqual([await sha256Hex(bytes)]);
    expect(server.view('q3')?.images[0]?.status).toBe('stored');
    queue.stop();
  });
});

describe('AnswerQueue photo checks (decision 061)', () => {
  /** Compression that finds the photos named dark*.jpg too dark, the others fine. */
  const checking: QueueOptions['prepare'] = async (file) => ({
    file,
    problems: file.name.startsWith('dark') ? ['dark'] : [],
  });
  /** Resolves once the queue shows a photo waiting for the student's decision. */
  const waitingPhoto = async (queue: AnswerQueue) => {
    await vi.waitFor(() => expect(queue.getState().photos.some((p) => p.problems)).toBe(true));
    const waiting = queue.getState().photos.find((p) => p.problems);
    if (!waiting) throw new Error('no photo waits');
    return waiting;
  };

  it('keeps and commits nothing of a photo with a problem until the student decides; Use anyway commits it', async () => {
    const server = fakeServer();
    const storage = memoryStorage();
    const queue = newQueue(server, { storage, prepare: checking });
    await queue.start();
    const added = queue.addPhotos('q1', [photo('dark.jpg')]);
    const waiting = await waitingPhoto(queue);
    expect(waiting).toMatchObject({ status: 'preparing', problems: ['dark'], sha256: null });
    expect(storage.data.size).toBe(0);
    expect(server.calls.filter((c) => c.startsWith('commit'))).toEqual([]);

    queue.keepPhoto(waiting.id);
    await added;
    expect(await queue.flush(1000, { deliveries: true })).toBe(true);
    expect(server.view('q1')?.images).toHaveLength(1);
    expect(queue.getState().photos.some((p) => p.problems)).toBe(false);
    queue.stop();
  });

  it('Retake drops the photo with no message and commits nothing; a good photo goes as before', async () => {
    const server = fakeServer();
    const notices: unknown[] = [];
    const queue = newQueue(server, { prepare: checking, onNotice: (n) => notices.push(n) });
    await queue.start();
    const added = queue.addPhotos('q1', [photo('dark.jpg'), photo('good.jpg')]);
    const waiting = await waitingPhoto(queue);
    queue.retakePhoto(waiting.id);
    await added;
    expect(await queue.flush(1000, { deliveries: true })).toBe(true);
    expect(server.view('q1')?.images).toHaveLength(1);
    expect(queue.getState().photos.find((p) => p.id === waiting.id)).toBeUndefined();
    expect(queue.imageCount('q1')).toBe(1);
    expect(notices).toEqual([]);
    queue.stop();
  });

  it('a submission (or the end) does not wait for a decision: the photo waiting is used', async () => {
    const server = fakeServer();
    const queue = newQueue(server, { prepare: checking });
    await queue.start();
    void queue.addPhotos('q1', [photo('dark.jpg')]);
    await waitingPhoto(queue);
    expect(await queue.flush(1000)).toBe(true);
    expect(server.view('q1')?.images).toHaveLength(1);
    queue.stop();
  });
});

describe('AnswerQueue in the exam first second', () => {
  const counting = (server: Server) => {
    const reads = { count: 0 };
    const load = server.transport.loadAnswers;
    server.transport.loadAnswers = async () => {
      reads.count += 1;
      return load();
    };
    return reads;
  };

  it('a first attempt opened from the paper reads no answers until its first save', async () => {
    const server = fakeServer();
    const reads = counting(server);
    const queue = newQueue(server, { noAnswersYet: true });
    await queue.start();
    expect(reads.count).toBe(0);
    expect(queue.getState().loaded).toBe(true);

    await queue.addPhotos('q1', [photo('first.jpg')]);
    expect(await queue.flush(1000)).toBe(true);
    expect(server.calls[0]).toBe('commit q1 v0 1');
    expect(server.view('q1')?.version).toBe(1);
    queue.stop();
  });

  it('another tab saved first: the first commit, refused as stale, is redone with both photos', async () => {
    const server = fakeServer();
    await server.transport.commit({
      question_id: 'q1',
      images: [{ sha256: 'a'.repeat(64), size: 9 }],
      version: 0,
    });
    const queue = newQueue(server, { noAnswersYet: true });
    await queue.start();
    await queue.addPhotos('q1', [photo('mine.jpg')]);
    expect(await queue.flush(1000)).toBe(true);
    expect(server.view('q1')?.images).toHaveLength(2);
    queue.stop();
  });

  it('with work of an earlier visit on the device, it reads the answers as before', async () => {
    const server = fakeServer();
    const reads = counting(server);
    const storage = memoryStorage();
    await storage.set('s:intent:q1', { questionId: 'q1', add: [], remove: ['b'.repeat(64)] });
    const queue = newQueue(server, { storage, noAnswersYet: true });
    await queue.start();
    expect(reads.count).toBeGreaterThan(0);
    queue.stop();
  });

  it("holds its first save until the page's own moment in the first seconds", async () => {
    const server = fakeServer();
    let now = 1_000;
    const queue = newQueue(server, { now: () => now, firstSaveAt: 2_500 });
    await queue.start();
    await queue.addPhotos('q1', [photo('early.jpg')]);
    queue.kick();
    await Promise.resolve();
    expect(server.calls.filter((call) => call.startsWith('commit'))).toEqual([]);
    expect(queue.getState().waiting).toBe(1);

    now = 2_500;
    queue.kick();
    await vi.waitFor(() => expect(server.view('q1')?.images).toHaveLength(1));
    queue.stop();
  });
});

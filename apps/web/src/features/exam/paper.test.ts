import { webcrypto } from 'node:crypto';
import type { Paper, PaperContent, PaperKey } from '@ngso/shared/schemas/exam';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paperContent } from '../../test/paper.ts';
import {
  decryptPaper,
  type FetchedKey,
  type FetchedPaper,
  PaperError,
  PaperLoader,
  paperStorageKey,
  pickDownloadAt,
} from './paper.ts';
import { memoryStorage } from './queue-storage.ts';

const subtle = webcrypto.subtle as SubtleCrypto;
const base64 = (bytes: ArrayBuffer | Uint8Array) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes))));

const START = Date.parse('2025-01-14T17:00:00+06:00');
const MINUTE = 60_000;

/** What the server does (paper.service.ts): AES-256-GCM, the tag after the ciphertext. */
async function encrypted(rawKey: Uint8Array<ArrayBuffer>, held: PaperContent): Promise<Paper> {
  const iv = webcrypto.getRandomValues(new Uint8Array(12));
  const key = await subtle.importKey('raw', rawKey, 'AES-GCM', false, ['encrypt']);
  const cipher = await subtle.encrypt(
    { name: 'AES-GCM', iv },
    key,
    new TextEncoder().encode(JSON.stringify(held)),
  );
  return {
    category: 'junior',
    version: held.version,
    starts_at: '2025-01-14T17:00:00+06:00',
    iv: base64(iv),
    ciphertext: base64(cipher),
  };
}

/** The two calls as the server answers them, in memory; `online` false makes both fail as a dead link does. */
async function fakeServer() {
  const rawKey = new Uint8Array(32);
  webcrypto.getRandomValues(rawKey);
  const server = {
    online: true,
    paper: await encrypted(rawKey, paperContent('v1', 'What is light?')),
    /** Requests as `paper <If-None-Match>` and `key`. */
    calls: [] as string[],
    /** The key's answers before the real one (a clock a hair behind, a failed call). */
    keyAnswers: [] as Array<'notYet' | 'network'>,
    key: (): PaperKey => ({ category: 'junior', version: server.paper.version, key: base64(rawKey) }),
    edit: async (text: string) => {
      server.paper = await encrypted(rawKey, paperContent('v2', text));
    },
    fetchPaper: async (etag: string | null): Promise<FetchedPaper> => {
      server.calls.push(`paper ${etag ?? '-'}`);
      if (!server.online) throw new PaperError('network');
      const current = `"paper-${server.paper.version}"`;
      if (etag === current) return { kind: 'same' };
      return { kind: 'paper', paper: server.paper, etag: current };
    },
    fetchKey: async (): Promise<FetchedKey> => {
      server.calls.push('key');
      if (!server.online) throw new PaperError('network');
      const next = server.keyAnswers.shift();
      if (next === 'network') throw new PaperError('network');
      if (next === 'notYet' || Date.now() < START) return { kind: 'notYet' };
      return { kind: 'key', key: server.key() };
    },
  };
  return server;
}

type Server = Awaited<ReturnType<typeof fakeServer>>;

function loaderFor(server: Server, storage = memoryStorage(), random = () => 0.5) {
  return new PaperLoader({
    competition: 'ngso-1',
    category: 'junior',
    startsAt: START,
    now: () => Date.now(),
    storage,
    // Through the server object, so a test may change its answers afterwards.
    fetchPaper: (etag) => server.fetchPaper(etag),
    fetchKey: () => server.fetchKey(),
    decrypt: (paper, key) => decryptPaper(paper, key, subtle),
    random,
  });
}

const phaseOf = (loader: PaperLoader) => loader.getState().phase;

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('pickDownloadAt', () => {
  it('spreads the pages over the lead time, each at its own moment, before the start', () => {
    const opened = START - 60 * MINUTE;
    const first = pickDownloadAt(opened, START, 15 * MINUTE, () => 0);
    const last = pickDownloadAt(opened, START, 15 * MINUTE, () => 0.999);
    expect(first).toBe(START - 15 * MINUTE);
    expect(last).toBeLessThan(START - MINUTE);
    expect(last - first).toBeGreaterThan(13 * MINUTE);
  });

  it('downloads soon, with jitter, when the page opens inside the lead time', () => {
    const opened = START - 5 * MINUTE;
    const at = pickDownloadAt(opened, START, 15 * MINUTE, () => 0.999);
    expect(at).toBeGreaterThan(opened);
    expect(at - opened).toBeLessThanOrEqual(30_000);
    // Twenty seconds before the start: within a third of what is left.
    expect(pickDownloadAt(START - 20_000, START, 15 * MINUTE, () => 0.999)).toBeLessThan(START - 13_000);
  });
});

describe('PaperLoader', () => {
  it('downloads the paper before the start, keeps it, and opens it with the key at the start', async () => {
    vi.setSystemTime(START - 20 * MINUTE);
    const server = await fakeServer();
    const storage = memoryStorage();
    const loader = loaderFor(server, storage);
    await loader.start();
    expect(phaseOf(loader)).toBe('idle');
    expect(server.calls).toEqual([]);

    // Its moment: halfway through the lead time.
    await vi.advanceTimersByTimeAsync(13 * MINUTE);
    expect(phaseOf(loader)).toBe('ready');
    expect(server.calls).toEqual(['paper -']);
    expect([...storage.data.keys()]).toEqual([paperStorageKey('ngso-1', 'junior', 'v1')]);

    // No key before the start; at the start one call, and the questions.
    await vi.advanceTimersByTimeAsync(START - Date.now());
    await vi.waitFor(() => expect(phaseOf(loader)).toBe('open'));
    expect(loader.getState().questions?.map((q) => q.questionEnglish)).toEqual([
      'What is light?',
      'Why is the sky blue?',
    ]);
    expect(server.calls.filter((call) => call === 'key')).toEqual(['key']);
    loader.stop();
  });

  it('a reload reuses the paper on the device: the re-check costs a 304, nothing is downloaded again', async () => {
    vi.setSystemTime(START - 10 * MINUTE);
    const server = await fakeServer();
    const storage = memoryStorage();
    const first = loaderFor(server, storage);
    await first.start();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(phaseOf(first)).toBe('ready');
    first.stop();

    const reloaded = loaderFor(server, storage);
    await reloaded.start();
    expect(phaseOf(reloaded)).toBe('ready');
    await vi.advanceTimersByTimeAsync(START - Date.now() + 100);
    await vi.waitFor(() => expect(phaseOf(reloaded)).toBe('open'));
    expect(server.calls).toEqual(['paper -', 'paper "paper-v1"', 'key']);
    reloaded.stop();
  });

  it('a question edited after the download: the re-check before the start gets the new paper', async () => {
    vi.setSystemTime(START - 10 * MINUTE);
    const server = await fakeServer();
    const storage = memoryStorage();
    const loader = loaderFor(server, storage);
    await loader.start();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(phaseOf(loader)).toBe('ready');

    await server.edit('What is light made of?');
    await vi.advanceTimersByTimeAsync(START - Date.now() + 100);
    await vi.waitFor(() => expect(phaseOf(loader)).toBe('open'));
    expect(loader.getState().questions?.[0]?.questionEnglish).toBe('What is light made of?');
    expect([...storage.data.keys()]).toEqual([paperStorageKey('ngso-1', 'junior', 'v2')]);
    loader.stop();
  });

  it('a failed download is tried again with back-off until it arrives', async () => {
    vi.setSystemTime(START - 5 * MINUTE);
    const server = await fakeServer();
    server.online = false;
    const loader = loaderFor(server);
    await loader.start();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(server.calls.length).toBeGreaterThanOrEqual(2);
    expect(phaseOf(loader)).toBe('idle');

    server.online = true;
    loader.online();
    await vi.advanceTimersByTimeAsync(2000);
    expect(phaseOf(loader)).toBe('ready');
    loader.stop();
  });

  it('at the start without a connection it waits, asks again, and opens when the connection is back', async () => {
    vi.setSystemTime(START - 5 * MINUTE);
    const server = await fakeServer();
    const loader = loaderFor(server);
    await loader.start();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(phaseOf(loader)).toBe('ready');

    server.online = false;
    await vi.advanceTimersByTimeAsync(START - Date.now());
    await vi.waitFor(() => expect(phaseOf(loader)).toBe('waiting'));
    await vi.advanceTimersByTimeAsync(10_000);
    const tries = server.calls.filter((call) => call === 'key').length;
    expect(tries).toBeGreaterThan(1);
    expect(phaseOf(loader)).toBe('waiting');

    server.online = true;
    loader.online();
    await vi.advanceTimersByTimeAsync(1500);
    await vi.waitFor(() => expect(phaseOf(loader)).toBe('open'));
    expect(loader.getState().questions).toHaveLength(2);
    loader.stop();
  });

  it("asks again shortly when the key is refused at zero (the server's clock a hair behind)", async () => {
    vi.setSystemTime(START - 5 * MINUTE);
    const server = await fakeServer();
    server.keyAnswers.push('notYet', 'notYet');
    const loader = loaderFor(server);
    await loader.start();
    await vi.advanceTimersByTimeAsync(START - Date.now());
    await vi.advanceTimersByTimeAsync(5000);
    await vi.waitFor(() => expect(phaseOf(loader)).toBe('open'));
    expect(server.calls.filter((call) => call === 'key')).toHaveLength(3);
    loader.stop();
  });

  it('falls back (the ordinary calls) when the paper never arrived', async () => {
    vi.setSystemTime(START - 5 * MINUTE);
    const server = await fakeServer();
    server.online = false;
    const loader = loaderFor(server);
    await loader.start();
    await vi.advanceTimersByTimeAsync(START - Date.now() + 100);
    await vi.waitFor(() => expect(phaseOf(loader)).toBe('failed'));
    expect(server.calls).not.toContain('key');
    loader.stop();
  });

  it('falls back when the key names another version or does not open the paper', async () => {
    vi.setSystemTime(START - 5 * MINUTE);
    for (const key of [
      (server: Server) => ({ ...server.key(), version: 'v9' }),
      (server: Server) => ({ ...server.key(), key: base64(new Uint8Array(32)) }),
    ]) {
      const server = await fakeServer();
      const loader = loaderFor(server);
      await loader.start();
      await vi.advanceTimersByTimeAsync(30_000);
      server.fetchKey = async () => ({ kind: 'key', key: key(server) });
      vi.setSystemTime(START + 10);
      loader.poke();
      await vi.waitFor(() => expect(phaseOf(loader)).toBe('failed'));
      loader.stop();
      vi.setSystemTime(START - 5 * MINUTE);
    }
  });
});

describe('decryptPaper', () => {
  it('reads the paper only with its key', async () => {
    const server = await fakeServer();
    await expect(decryptPaper(server.paper, server.key(), subtle)).resolves.toMatchObject({ version: 'v1' });
    const wrong = { ...server.key(), key: base64(webcrypto.getRandomValues(new Uint8Array(32))) };
    await expect(decryptPaper(server.paper, wrong, subtle)).rejects.toThrow();
  });
});

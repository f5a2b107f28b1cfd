import type { Category } from '@ngso/shared/constants';
import {
  type Paper,
  type PaperContent,
  PaperContentSchema,
  type PaperKey,
  PaperKeyResponseSchema,
  PaperResponseSchema,
  type Question,
} from '@ngso/shared/schemas/exam';
import type { z } from 'zod';
import { apiBaseUrl } from '../../lib/base-query.ts';
import { isRetryableStatus, type RetryPolicy, retryDelay } from '../../lib/retry.ts';
import { timeoutSignal } from '../../lib/timeout-signal.ts';
import { indexedDbStorage, memoryStorage, type QueueStorage } from './queue-storage.ts';

/**
 * The question paper on the countdown page (docs/decisions/023-paper-on-the-countdown-page.md). Within the
 * lead time before the start, each page downloads its category's paper, encrypted, at a moment of its own
 * and keeps it on the device; a repeat is a 304. At the start it asks only for the key (no session, the
 * same small answer for everyone), decrypts with Web Crypto and has the questions without asking the
 * server anything personal in that second. Whatever goes wrong ends in `failed`: the page then uses the
 * ordinary calls. No React in here.
 */

/** The server's default EXAM_PAPER_LEAD_MINUTES, for a page that was not told the exam's `paper_from`. */
export const PAPER_LEAD_MS = 15 * 60_000;
/** Downloads end this long before the start at the latest (the margin for retries). */
const DOWNLOAD_MARGIN_MS = 60_000;
/** A page opened inside the lead time downloads within this long (at most a third of the time left). */
const SOON_MS = 30_000;
/** The one re-check of a paper downloaded earlier: at a random moment in this span before the start. */
const RECHECK_FROM_MS = 90_000;
const RECHECK_TO_MS = 20_000;

const DOWNLOAD_RETRY: RetryPolicy = {
  retries: Number.POSITIVE_INFINITY,
  baseDelayMs: 2000,
  maxDelayMs: 60_000,
};
const KEY_RETRY: RetryPolicy = { retries: Number.POSITIVE_INFINITY, baseDelayMs: 1000, maxDelayMs: 8000 };

/**
 * `idle`: not downloaded yet; `downloading`; `ready`: on the device; `opening`: at the start, the key
 * asked for; `waiting`: the key did not come for lack of a connection (asked again); `open`: decrypted;
 * `failed`: the paper cannot open here (the page uses the ordinary calls).
 */
export type PaperPhase = 'idle' | 'downloading' | 'ready' | 'opening' | 'waiting' | 'open' | 'failed';

export type PaperState = { phase: PaperPhase; questions: Question[] | null };

/** A paper as kept on the device. `checkedAt` is server time. */
export type StoredPaper = { paper: Paper; etag: string | null; checkedAt: number };

export type FetchedPaper = { kind: 'paper'; paper: Paper; etag: string | null } | { kind: 'same' };
export type FetchedKey = { kind: 'key'; key: PaperKey } | { kind: 'notYet' };

/** `network`: no answer or a server in trouble (try again); `refused`: the server said no. */
export class PaperError extends Error {
  constructor(
    readonly kind: 'network' | 'refused',
    readonly status?: number,
  ) {
    super(`paper ${kind}${status ? ` ${status}` : ''}`);
    this.name = 'PaperError';
  }
}

const failureOf = (status: number) =>
  new PaperError(isRetryableStatus(status) ? 'network' : 'refused', status);

/** One GET of the paper's calls: a failed connection (or a hang past `timeoutMs`) is a network error. */
async function get(path: string, init: RequestInit, timeoutMs: number): Promise<Response> {
  try {
    return await fetch(new URL(path, apiBaseUrl()), {
      ...init,
      headers: { Accept: 'application/json', ...init.headers },
      signal: timeoutSignal(timeoutMs),
    });
  } catch {
    throw new PaperError('network');
  }
}

/** The `data` of a successful answer, checked against its schema (anything else is tried again). */
async function dataOf<T>(response: Response, schema: z.ZodType<{ data: T }>): Promise<T> {
  if (!response.ok) throw failureOf(response.status);
  const parsed = schema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new PaperError('network', response.status);
  return parsed.data.data;
}

/** `GET /v1/:competition/paper` with the ETag of the paper held, if any (then 304 costs nothing). */
export async function fetchPaper(competition: string, etag: string | null): Promise<FetchedPaper> {
  const response = await get(
    `v1/${competition}/paper`,
    { credentials: 'include', cache: 'no-store', headers: etag ? { 'If-None-Match': etag } : {} },
    60_000,
  );
  if (response.status === 304) return { kind: 'same' };
  const paper = await dataOf(response, PaperResponseSchema);
  return { kind: 'paper', paper, etag: response.headers.get('ETag') };
}

/**
 * `GET /v1/:competition/paper-key/:category`: no cookie and the browser's ordinary caching, so a proxy may
 * answer it; 404 means "not yet" (the server's clock a hair behind ours).
 */
export async function fetchPaperKey(competition: string, category: Category): Promise<FetchedKey> {
  const response = await get(`v1/${competition}/paper-key/${category}`, { credentials: 'omit' }, 20_000);
  if (response.status === 404) return { kind: 'notYet' };
  return { kind: 'key', key: await dataOf(response, PaperKeyResponseSchema) };
}

const bytesOf = (base64: string) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));

/** Whether this browser can decrypt a paper (Web Crypto needs a secure context: https or localhost). */
export function canDecrypt(subtle: SubtleCrypto | undefined = globalThis.crypto?.subtle): boolean {
  return subtle !== undefined && typeof subtle.decrypt === 'function';
}

/** Decrypts a paper (AES-256-GCM, the tag after the ciphertext) and checks what it holds. */
export async function decryptPaper(
  paper: Paper,
  key: PaperKey,
  subtle: SubtleCrypto = globalThis.crypto.subtle,
): Promise<PaperContent> {
  const cryptoKey = await subtle.importKey('raw', bytesOf(key.key), 'AES-GCM', false, ['decrypt']);
  const plain = await subtle.decrypt(
    { name: 'AES-GCM', iv: bytesOf(paper.iv) },
    cryptoKey,
    bytesOf(paper.ciphertext),
  );
  const content = PaperContentSchema.parse(JSON.parse(new TextDecoder().decode(plain)));
  if (content.category !== paper.category || content.version !== paper.version) {
    throw new Error('the paper holds another version');
  }
  return content;
}

/**
 * When a page downloads its paper (server time): a random moment of the lead time before the start (each
 * page its own, so they do not all come at once), or, opened inside it, soon (a random moment within
 * SOON_MS, at most a third of the time left).
 */
export function pickDownloadAt(now: number, startsAt: number, leadMs = PAPER_LEAD_MS, random = Math.random) {
  const from = startsAt - leadMs;
  const to = startsAt - DOWNLOAD_MARGIN_MS;
  if (now < from && from < to) return from + random() * (to - from);
  const soon = Math.min(SOON_MS, Math.max(0, (startsAt - now) / 3));
  return now + random() * soon;
}

/** The re-check before the start (server time), or null when the paper was checked late enough already. */
export function pickRecheckAt(checkedAt: number, startsAt: number, random = Math.random): number | null {
  const at = startsAt - RECHECK_FROM_MS + random() * (RECHECK_FROM_MS - RECHECK_TO_MS);
  return checkedAt < at - 30_000 ? at : null;
}

const prefixOf = (competition: string, category: string) => `paper:${competition}:${category}:`;

/** Where a paper is kept: one entry per competition, category and version. */
export const paperStorageKey = (competition: string, category: string, version: string) =>
  `${prefixOf(competition, category)}${version}`;

/** The papers' own IndexedDB database (memory when it cannot open: the paper then lasts one visit). */
export async function openPaperStorage(): Promise<QueueStorage> {
  if (typeof indexedDB === 'undefined') return memoryStorage();
  const storage = indexedDbStorage('ngso-paper', 'papers');
  try {
    await storage.keys();
    return storage;
  } catch {
    return memoryStorage();
  }
}

export type PaperLoaderOptions = {
  competition: string;
  category: Category;
  /** The category's start, ms since the epoch. */
  startsAt: number;
  /** Server-corrected now. */
  now: () => number;
  storage: QueueStorage | Promise<QueueStorage>;
  fetchPaper?: (etag: string | null) => Promise<FetchedPaper>;
  fetchKey?: () => Promise<FetchedKey>;
  decrypt?: (paper: Paper, key: PaperKey) => Promise<PaperContent>;
  random?: () => number;
  leadMs?: number;
};

export class PaperLoader {
  private readonly o: Required<Omit<PaperLoaderOptions, 'storage'>>;
  private readonly storage: Promise<QueueStorage>;
  private state: PaperState = { phase: 'idle', questions: null };
  private readonly listeners = new Set<() => void>();
  private held: StoredPaper | null = null;
  private next: { at: number; run: () => Promise<void> } | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private busy = false;
  private stopped = false;
  private downloadAttempts = 0;
  private keyAttempts = 0;
  private notYetAttempts = 0;
  private rechecked = false;

  constructor(options: PaperLoaderOptions) {
    const { competition, category } = options;
    this.o = {
      fetchPaper: (etag) => fetchPaper(competition, etag),
      fetchKey: () => fetchPaperKey(competition, category),
      decrypt: (paper, key) => decryptPaper(paper, key),
      random: Math.random,
      leadMs: PAPER_LEAD_MS,
      ...options,
    };
    this.storage = Promise.resolve(options.storage);
  }

  getState = (): PaperState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(phase: PaperPhase, questions: Question[] | null = null) {
    if (this.state.phase === phase && this.state.questions === questions) return;
    this.state = { phase, questions };
    for (const listener of this.listeners) listener();
  }

  /** Reads the paper a previous visit kept, then plans the download (or the re-check) and the opening. */
  async start(): Promise<void> {
    const storage = await this.storage;
    const prefix = prefixOf(this.o.competition, this.o.category);
    let newest: StoredPaper | null = null;
    for (const key of await storage.keys()) {
      if (!key.startsWith(prefix)) continue;
      const kept = await storage.get<StoredPaper>(key).catch(() => undefined);
      if (kept?.paper && (!newest || kept.checkedAt > newest.checkedAt)) newest = kept;
    }
    if (this.stopped) return;
    if (newest) {
      this.held = newest;
      this.set('ready');
    }
    this.planAfterDownload();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.next = null;
  }

  /** Runs what is due (the page calls it every second too: timers of a tab in the background lag). */
  poke(): void {
    if (this.stopped || this.busy || !this.next) return;
    if (this.o.now() < this.next.at) {
      this.arm();
      return;
    }
    const { run } = this.next;
    this.next = null;
    this.busy = true;
    void run().finally(() => {
      this.busy = false;
      this.poke();
    });
  }

  /** The connection is back: a key or a download waiting for it is asked for again soon (with jitter). */
  online(): void {
    if (this.stopped || this.busy || !this.next) return;
    const soon = this.o.now() + this.o.random() * 1500;
    if (this.state.phase === 'waiting') {
      this.plan(Math.min(this.next.at, soon), () => this.open());
    } else if (this.state.phase === 'idle' && this.downloadAttempts > 0 && soon < this.o.startsAt) {
      this.plan(Math.min(this.next.at, soon), () => this.download());
    }
  }

  private plan(at: number, run: () => Promise<void>) {
    this.next = { at, run };
    this.arm();
  }

  private arm() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.stopped || !this.next) return;
    // At most a minute at a time: the corrected clock may move meanwhile.
    const wait = Math.min(60_000, Math.max(0, this.next.at - this.o.now()));
    this.timer = setTimeout(() => this.poke(), wait);
  }

  /** With a paper: the re-check if one is due, else the opening at the start; without: the download. */
  private planAfterDownload() {
    const { startsAt } = this.o;
    if (!this.held) {
      const at = pickDownloadAt(this.o.now(), startsAt, this.o.leadMs, this.o.random);
      // Never at the start itself: a page without the paper then uses the ordinary calls.
      if (at < startsAt) this.plan(at, () => this.download());
      else this.plan(startsAt, () => this.open());
      return;
    }
    const recheckAt = this.rechecked ? null : pickRecheckAt(this.held.checkedAt, startsAt, this.o.random);
    if (recheckAt !== null && recheckAt > this.o.now()) {
      this.plan(recheckAt, () => this.recheck());
    } else {
      this.plan(startsAt, () => this.open());
    }
  }

  /** Fetches the paper (If-None-Match with the one held) and keeps it; throws when that failed. */
  private async fetchAndKeep(): Promise<void> {
    const result = await this.o.fetchPaper(this.held?.etag ?? null);
    const storage = await this.storage;
    const checkedAt = this.o.now();
    if (result.kind === 'same' && this.held) {
      this.held = { ...this.held, checkedAt };
    } else if (result.kind === 'paper') {
      this.held = { paper: result.paper, etag: result.etag, checkedAt };
    } else {
      throw new PaperError('network', 304);
    }
    const { paper } = this.held;
    const keep = paperStorageKey(this.o.competition, paper.category, paper.version);
    const prefix = prefixOf(this.o.competition, this.o.category);
    // Kept first, then older versions go: a reload in between finds one of them.
    await storage.set(keep, this.held).catch(() => undefined);
    for (const key of await storage.keys().catch(() => [] as string[])) {
      if (key.startsWith(prefix) && key !== keep) await storage.del(key).catch(() => undefined);
    }
  }

  private async download(): Promise<void> {
    if (this.stopped) return;
    this.set('downloading');
    try {
      await this.fetchAndKeep();
      this.set('ready');
      this.planAfterDownload();
    } catch (error) {
      this.downloadAttempts += 1;
      this.set('idle');
      // 401 (signed out) or 404 (no exam) will not change by asking again; anything else may (a 403
      // from a server with a shorter lead time, a connection coming back).
      const status = error instanceof PaperError ? error.status : undefined;
      const retryAt = this.o.now() + retryDelay(this.downloadAttempts - 1, DOWNLOAD_RETRY, this.o.random);
      if (status === 401 || status === 404 || retryAt >= this.o.startsAt) {
        this.plan(this.o.startsAt, () => this.open());
      } else {
        this.plan(retryAt, () => this.download());
      }
    }
  }

  /** Shortly before the start: the paper as it is now (an organiser may have corrected a question). */
  private async recheck(): Promise<void> {
    this.rechecked = true;
    // A failed re-check keeps the paper held: the key names the version, and another one falls back.
    await this.fetchAndKeep().catch(() => undefined);
    this.planAfterDownload();
  }

  /** At the start: the key, then the questions. */
  private async open(): Promise<void> {
    const held = this.held;
    if (!held) {
      this.set('failed');
      return;
    }
    if (this.state.phase !== 'waiting') this.set('opening');
    let result: FetchedKey;
    try {
      result = await this.o.fetchKey();
    } catch (error) {
      if (error instanceof PaperError && error.kind === 'refused') {
        this.set('failed');
        return;
      }
      this.keyAttempts += 1;
      this.set('waiting');
      this.plan(this.o.now() + retryDelay(this.keyAttempts - 1, KEY_RETRY, this.o.random), () => this.open());
      return;
    }
    if (result.kind === 'notYet') {
      // The server's clock is a hair behind ours: ask again in a second or two. Still not after a few
      // tries (the start was moved; the page learns it from the exam), less often.
      this.notYetAttempts += 1;
      const wait =
        this.notYetAttempts <= 5
          ? 1000 + this.o.random() * 1000
          : retryDelay(this.notYetAttempts - 5, KEY_RETRY, this.o.random);
      this.plan(this.o.now() + wait, () => this.open());
      return;
    }
    if (result.key.version !== held.paper.version) {
      this.set('failed');
      return;
    }
    try {
      const content = await this.o.decrypt(held.paper, result.key);
      this.set('open', content.questions);
    } catch {
      this.set('failed');
    }
  }
}

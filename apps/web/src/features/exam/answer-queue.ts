import { MAX_IMAGES_PER_ANSWER } from '@ngso/shared/schemas/exam';
import { type RetryPolicy, retryDelay } from '../../lib/media/retry-policy.ts';

/**
 * "Never lose an answer": every photo a student adds and every change to an answer goes through this
 * queue. A photo is compressed, kept on the device (IndexedDB) until the server has it, uploaded a few
 * at a time, then the question's answer is saved; a failed connection is retried with back-off and
 * again when the connection returns; a reload picks up whatever was waiting. No React in here.
 *
 * Changes are kept as intents per question (images to add, images to remove), never as a whole list:
 * the list sent is always "the server's list, plus ours, minus the removed", so a save refused as stale
 * (another tab or phone saved in between) is redone on the fresh list and keeps both sets of images.
 */

/** An answer as the server stores it (api.md, plus `version` and `saved_at`). */
export type SavedAnswer = { question_id: string; image_urls: string[]; version: number; saved_at: string };

export type SaveInput = { question_id: string; image_urls: string[]; version: number };

/**
 * Why a call failed: `network` (no answer, a gateway, 5xx, 429: try again later), `conflict` (409: stale,
 * or the attempt is closed), `refused` (any other answer: trying again gives the same).
 */
export type TransportErrorKind = 'network' | 'conflict' | 'refused';

export class TransportError extends Error {
  readonly kind: TransportErrorKind;
  /** The server's sentence for the student, when it sent one. */
  readonly serverMessage: string | undefined;
  constructor(kind: TransportErrorKind, serverMessage?: string) {
    super(serverMessage ?? kind);
    this.name = 'TransportError';
    this.kind = kind;
    this.serverMessage = serverMessage;
  }
}

/** What the queue needs from the server (the real exam) or from the browser (the practice exam). */
export type QueueTransport = {
  /** Uploads one prepared image; resolves with its address. Throws TransportError or a MediaError. */
  upload: (file: File, onProgress: (percent: number) => void, signal: AbortSignal) => Promise<string>;
  save: (input: SaveInput) => Promise<SavedAnswer>;
  loadAnswers: () => Promise<SavedAnswer[]>;
};

/** Key-value storage that survives a reload (IndexedDB in the app; a Map in tests). */
export type QueueStorage = {
  get: <T>(key: string) => Promise<T | undefined>;
  set: (key: string, value: unknown) => Promise<void>;
  del: (key: string) => Promise<void>;
  keys: () => Promise<string[]>;
};

/** A photo kept on the device until it is uploaded: the compressed bytes, not a Blob (older browsers). */
export type StoredPhoto = {
  id: string;
  questionId: string;
  name: string;
  type: string;
  bytes: ArrayBuffer;
  createdAt: number;
};

/** The changes to one question's answer that the server has not confirmed yet. */
export type StoredIntent = { questionId: string; add: string[]; remove: string[] };

export type PhotoStatus = 'preparing' | 'waiting' | 'uploading';

export type PendingPhoto = {
  id: string;
  questionId: string;
  name: string;
  status: PhotoStatus;
  progress: number;
  /** A local preview (object URL), when the browser can make one. */
  previewUrl: string | null;
};

/** Something the student must be told once (the spec's alerts). */
export type QueueNotice =
  | { kind: 'uploadFailed'; fileName: string; message: string | undefined }
  | { kind: 'removeFailed' }
  | { kind: 'saveFailed'; message: string | undefined };

export type QueueState = {
  /** The answers as the server last reported them, by question id. */
  answers: Record<string, SavedAnswer>;
  /** Whether the server's answers have been loaded at least once. */
  loaded: boolean;
  photos: PendingPhoto[];
  intents: Record<string, StoredIntent>;
  /** Questions with work the server has not confirmed (the banner's count). */
  waiting: number;
  /** The browser is offline, or the last call failed for lack of a connection. */
  offline: boolean;
  /** The answers-store error (spec section 2: shown under the upload area). */
  error: string | null;
};

export type QueueOptions = {
  transport: QueueTransport;
  storage: QueueStorage;
  /** Keys of this student's queue (one student's photos never go into another's answers). */
  scope: string;
  /** Compresses a chosen image (lib/media); tests pass the file through. */
  prepare?: (file: File) => Promise<File>;
  /** How many uploads run at once. */
  concurrency?: number;
  /** An upload with no progress for this long is stopped and tried again. */
  stallMs?: number;
  backoff?: RetryPolicy;
  now?: () => number;
  random?: () => number;
  isOnline?: () => boolean;
  newId?: () => string;
  onNotice?: (notice: QueueNotice) => void;
};

export const DEFAULT_BACKOFF: RetryPolicy = {
  retries: Number.POSITIVE_INFINITY,
  baseDelayMs: 1000,
  maxDelayMs: 30_000,
};

/** The list to save: the server's images (or the fresh ones after a stale save), plus ours, minus the removed. */
export function mergeImages(
  server: readonly string[],
  add: readonly string[],
  remove: readonly string[],
): string[] {
  const removed = new Set(remove);
  const result: string[] = [];
  for (const url of [...server, ...add]) {
    if (!removed.has(url) && !result.includes(url)) result.push(url);
  }
  return result;
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((url, i) => url === b[i]);

type Backoff = { attempts: number; notBefore: number };

const photoKey = (scope: string, id: string) => `${scope}:photo:${id}`;
const intentKey = (scope: string, questionId: string) => `${scope}:intent:${questionId}`;

function randomId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
}

function previewOf(photo: StoredPhoto): string | null {
  if (typeof URL === 'undefined' || typeof URL.createObjectURL !== 'function') return null;
  return URL.createObjectURL(new Blob([photo.bytes], { type: photo.type }));
}

function messageOf(error: unknown): string | undefined {
  if (error && typeof error === 'object' && 'serverMessage' in error) {
    const message = (error as { serverMessage?: unknown }).serverMessage;
    if (typeof message === 'string' && message) return message;
  }
  return undefined;
}

/** A failure that says "no connection, try later" (TransportError network, or lib/media's network kinds). */
function isConnectionFailure(error: unknown): boolean {
  if (error instanceof TransportError) return error.kind === 'network';
  if (error && typeof error === 'object' && 'kind' in error) {
    const { kind, status } = error as { kind?: unknown; status?: unknown };
    if (kind === 'network') return true;
    if (kind === 'http' && typeof status === 'number') return status >= 500 || status === 429;
  }
  return false;
}

export class AnswerQueue {
  private readonly o: Required<Omit<QueueOptions, 'onNotice'>> & Pick<QueueOptions, 'onNotice'>;
  private state: QueueState;
  private readonly listeners = new Set<() => void>();
  private readonly stored = new Map<string, StoredPhoto>();
  private readonly uploading = new Map<string, AbortController>();
  private readonly saving = new Set<string>();
  private readonly restarting = new Set<string>();
  private readonly photoBackoff = new Map<string, Backoff>();
  private readonly saveBackoff = new Map<string, Backoff>();
  /** Reading the server's answers until it has worked once (key `answers`). */
  private readonly loadBackoff = new Map<string, Backoff>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  private pumping = false;
  private pumpAgain = false;
  private lastConnectionFailed = false;
  private loadingAnswers: Promise<boolean> | null = null;

  constructor(options: QueueOptions) {
    this.o = {
      prepare: async (file) => file,
      concurrency: 3,
      stallMs: 30_000,
      backoff: DEFAULT_BACKOFF,
      now: Date.now,
      random: Math.random,
      isOnline: () => (typeof navigator === 'undefined' ? true : navigator.onLine),
      newId: randomId,
      ...options,
    };
    this.state = {
      answers: {},
      loaded: false,
      photos: [],
      intents: {},
      waiting: 0,
      offline: !this.o.isOnline(),
      error: null,
    };
  }

  // --- observing -----------------------------------------------------------------------------

  getState = (): QueueState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private update(patch: Partial<QueueState>) {
    const next = { ...this.state, ...patch };
    const questions = new Set<string>();
    for (const photo of next.photos) questions.add(photo.questionId);
    for (const intent of Object.values(next.intents)) {
      if (intent.add.length > 0 || intent.remove.length > 0) questions.add(intent.questionId);
    }
    next.waiting = questions.size;
    next.offline = !this.o.isOnline() || (this.lastConnectionFailed && next.waiting > 0);
    this.state = next;
    for (const listener of this.listeners) listener();
  }

  /** Whether anything is waiting for the server (leaving the page then warns). */
  hasUnsavedWork(): boolean {
    return this.state.waiting > 0;
  }

  // --- starting and stopping -----------------------------------------------------------------

  /** Loads what a previous visit left on the device, then the server's answers, and starts sending. */
  async start(): Promise<void> {
    const keys = await this.o.storage.keys();
    const photos: PendingPhoto[] = [];
    const intents: Record<string, StoredIntent> = {};
    for (const key of keys) {
      if (key.startsWith(`${this.o.scope}:photo:`)) {
        const photo = await this.o.storage.get<StoredPhoto>(key);
        if (!photo) continue;
        this.stored.set(photo.id, photo);
        photos.push({
          id: photo.id,
          questionId: photo.questionId,
          name: photo.name,
          status: 'waiting',
          progress: 0,
          previewUrl: previewOf(photo),
        });
      } else if (key.startsWith(`${this.o.scope}:intent:`)) {
        const intent = await this.o.storage.get<StoredIntent>(key);
        if (intent) intents[intent.questionId] = intent;
      }
    }
    photos.sort((a, b) => (this.stored.get(a.id)?.createdAt ?? 0) - (this.stored.get(b.id)?.createdAt ?? 0));
    this.update({ photos, intents });
    await this.reloadAnswers();
    this.kick();
  }

  /** Stops sending (after the exam is submitted, or when the page goes). What is stored stays stored. */
  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    for (const controller of this.uploading.values()) controller.abort();
    this.uploading.clear();
    for (const photo of this.state.photos) if (photo.previewUrl) URL.revokeObjectURL(photo.previewUrl);
  }

  /** The connection is back (the browser's `online` event) or the student asked: try everything now. */
  retryNow(): void {
    // Requests sent while the connection was gone may hang rather than fail: send those again.
    for (const [id, controller] of this.uploading) {
      this.restarting.add(id);
      controller.abort();
    }
    this.photoBackoff.clear();
    this.saveBackoff.clear();
    this.loadBackoff.clear();
    this.update({});
    if (!this.state.loaded) void this.reloadAnswers().then(() => this.kick());
    this.kick();
  }

  /** The browser went offline: the banner shows at once. */
  wentOffline(): void {
    this.lastConnectionFailed = true;
    this.update({});
  }

  /** Reads the server's answers again; resolves whether that worked. */
  reloadAnswers(): Promise<boolean> {
    this.loadingAnswers ??= (async () => {
      try {
        const list = await this.o.transport.loadAnswers();
        const answers: Record<string, SavedAnswer> = {};
        for (const answer of list) answers[answer.question_id] = answer;
        this.lastConnectionFailed = false;
        this.loadBackoff.delete('answers');
        this.update({ answers, loaded: true });
        return true;
      } catch (error) {
        if (isConnectionFailure(error)) this.lastConnectionFailed = true;
        // Never read yet: nothing can be saved (a save needs the answer's version) and the student's
        // saved answers are not on screen, so read again after a pause (kick() sees the back-off).
        if (!this.state.loaded) this.delay(this.loadBackoff, 'answers');
        this.update({});
        return false;
      } finally {
        this.loadingAnswers = null;
      }
    })();
    return this.loadingAnswers;
  }

  // --- the student's actions -------------------------------------------------------------------

  /** How many images a question has or will have (the server allows at most 10). */
  imageCount(questionId: string): number {
    const answer = this.state.answers[questionId];
    const intent = this.state.intents[questionId];
    const listed = mergeImages(answer?.image_urls ?? [], intent?.add ?? [], intent?.remove ?? []);
    return listed.length + this.state.photos.filter((photo) => photo.questionId === questionId).length;
  }

  /**
   * Adds images to a question: each is compressed, kept on the device, then uploaded and saved.
   * Resolves once all are stored on the device (not yet on the server).
   */
  async addPhotos(questionId: string, files: File[]): Promise<void> {
    const room = MAX_IMAGES_PER_ANSWER - this.imageCount(questionId);
    const accepted = files.slice(0, Math.max(0, room));
    const entries = accepted.map((file) => ({ file, id: this.o.newId() }));
    this.update({
      error: null,
      photos: [
        ...this.state.photos,
        ...entries.map(({ file, id }) => ({
          id,
          questionId,
          name: file.name,
          status: 'preparing' as const,
          progress: 0,
          previewUrl: null,
        })),
      ],
    });
    await Promise.all(
      entries.map(async ({ file, id }) => {
        try {
          const prepared = await this.o.prepare(file);
          const photo: StoredPhoto = {
            id,
            questionId,
            name: prepared.name || file.name,
            type: prepared.type || 'image/jpeg',
            bytes: await prepared.arrayBuffer(),
            createdAt: this.o.now(),
          };
          await this.o.storage.set(photoKey(this.o.scope, id), photo);
          this.stored.set(id, photo);
          this.patchPhoto(id, { status: 'waiting', previewUrl: previewOf(photo) });
        } catch (error) {
          this.dropPhoto(id);
          this.o.onNotice?.({ kind: 'uploadFailed', fileName: file.name, message: messageOf(error) });
        }
      }),
    );
    this.kick();
  }

  /** Removes an image from a question's answer (a saved one, or one still waiting to be sent). */
  async removeImage(questionId: string, url: string): Promise<void> {
    const intent = this.state.intents[questionId] ?? { questionId, add: [], remove: [] };
    const next: StoredIntent = intent.add.includes(url)
      ? { ...intent, add: intent.add.filter((u) => u !== url) }
      : { ...intent, remove: [...intent.remove.filter((u) => u !== url), url] };
    try {
      await this.writeIntent(next);
    } catch {
      this.o.onNotice?.({ kind: 'removeFailed' });
      return;
    }
    this.kick();
  }

  /** Drops a photo not uploaded yet (the student changed their mind). */
  async cancelPhoto(id: string): Promise<void> {
    this.uploading.get(id)?.abort();
    this.uploading.delete(id);
    await this.forgetPhoto(id);
    this.kick();
  }

  /**
   * Resolves true once nothing is waiting (everything the student did is on the server), false when
   * `timeoutMs` passes first. Tries failed sends again at once.
   */
  flush(timeoutMs: number): Promise<boolean> {
    this.retryNow();
    return new Promise((resolve) => {
      const idle = () => this.state.waiting === 0 && this.uploading.size === 0 && this.saving.size === 0;
      if (idle()) {
        resolve(true);
        return;
      }
      const timer = setTimeout(() => {
        unsubscribe();
        resolve(false);
      }, timeoutMs);
      const unsubscribe = this.subscribe(() => {
        if (!idle()) return;
        clearTimeout(timer);
        unsubscribe();
        resolve(true);
      });
    });
  }

  // --- bookkeeping ---------------------------------------------------------------------------

  private patchPhoto(id: string, patch: Partial<PendingPhoto>) {
    this.update({
      photos: this.state.photos.map((photo) => (photo.id === id ? { ...photo, ...patch } : photo)),
    });
  }

  private dropPhoto(id: string) {
    const photo = this.state.photos.find((p) => p.id === id);
    if (photo?.previewUrl) URL.revokeObjectURL(photo.previewUrl);
    this.stored.delete(id);
    this.photoBackoff.delete(id);
    this.update({ photos: this.state.photos.filter((p) => p.id !== id) });
  }

  private async forgetPhoto(id: string) {
    this.dropPhoto(id);
    await this.o.storage.del(photoKey(this.o.scope, id));
  }

  /** Records a question's waiting changes: in memory at once (so concurrent uploads see each other), then on the device. */
  private async writeIntent(intent: StoredIntent) {
    const empty = intent.add.length === 0 && intent.remove.length === 0;
    const intents = { ...this.state.intents };
    if (empty) delete intents[intent.questionId];
    else intents[intent.questionId] = intent;
    this.update({ intents });
    if (empty) await this.o.storage.del(intentKey(this.o.scope, intent.questionId));
    else await this.o.storage.set(intentKey(this.o.scope, intent.questionId), intent);
  }

  private delay(backoff: Map<string, Backoff>, key: string) {
    const attempts = (backoff.get(key)?.attempts ?? 0) + 1;
    const wait = retryDelay(attempts - 1, this.o.backoff, this.o.random);
    backoff.set(key, { attempts, notBefore: this.o.now() + wait });
  }

  private ready(backoff: Map<string, Backoff>, key: string) {
    return (backoff.get(key)?.notBefore ?? 0) <= this.o.now();
  }

  // --- sending -------------------------------------------------------------------------------

  /** Looks for work to start; safe to call any time. */
  kick(): void {
    if (this.stopped) return;
    if (this.pumping) {
      this.pumpAgain = true;
      return;
    }
    this.pumping = true;
    try {
      do {
        this.pumpAgain = false;
        this.pump();
      } while (this.pumpAgain);
    } finally {
      this.pumping = false;
    }
    this.schedule();
  }

  private pump() {
    // Uploads, a few at a time, oldest first.
    for (const photo of this.state.photos) {
      if (this.uploading.size >= this.o.concurrency) break;
      if (photo.status !== 'waiting' || this.uploading.has(photo.id)) continue;
      if (!this.ready(this.photoBackoff, photo.id)) continue;
      void this.uploadOne(photo.id);
    }
    // Saves: a question whose images are all uploaded (or waiting for the connection). They need the
    // server's answers: until a read has worked, read again (a server restarting as the page opened).
    if (!this.state.loaded) {
      if (!this.loadingAnswers && this.ready(this.loadBackoff, 'answers')) {
        void this.reloadAnswers().then(() => this.kick());
      }
      return;
    }
    for (const intent of Object.values(this.state.intents)) {
      const q = intent.questionId;
      if (this.saving.has(q) || !this.ready(this.saveBackoff, q)) continue;
      const busy = this.state.photos.some(
        (photo) => photo.questionId === q && (photo.status !== 'waiting' || this.uploading.has(photo.id)),
      );
      if (busy) continue;
      void this.saveOne(q);
    }
  }

  /** A timer for the earliest retry that is waiting for its back-off. */
  private schedule() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.stopped) return;
    const times = [
      ...this.photoBackoff.values(),
      ...this.saveBackoff.values(),
      ...(this.state.loaded ? [] : this.loadBackoff.values()),
    ].map((b) => b.notBefore);
    if (times.length === 0) return;
    const wait = Math.max(0, Math.min(...times) - this.o.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      this.kick();
    }, wait);
  }

  private async uploadOne(id: string) {
    const photo = this.stored.get(id);
    if (!photo) return;
    const controller = new AbortController();
    this.uploading.set(id, controller);
    this.patchPhoto(id, { status: 'uploading', progress: 0 });
    // A request that makes no progress for a while is stuck (a mobile link that died quietly): start again.
    let stalled = false;
    let watchdog: ReturnType<typeof setTimeout> | undefined;
    const watch = () => {
      clearTimeout(watchdog);
      watchdog = setTimeout(() => {
        stalled = true;
        controller.abort();
      }, this.o.stallMs);
    };
    watch();
    try {
      const file = new File([photo.bytes], photo.name, { type: photo.type });
      const url = await this.o.transport.upload(
        file,
        (progress) => {
          watch();
          this.patchPhoto(id, { progress });
        },
        controller.signal,
      );
      if (controller.signal.aborted || !this.stored.has(id)) throw new TransportError('network');
      // The address first, then the photo may go: a reload in between uploads it again, loses nothing.
      const intent = this.state.intents[photo.questionId] ?? {
        questionId: photo.questionId,
        add: [],
        remove: [],
      };
      await this.writeIntent({ ...intent, add: [...intent.add.filter((u) => u !== url), url] });
      this.uploading.delete(id);
      await this.forgetPhoto(id);
      this.lastConnectionFailed = false;
      this.update({});
    } catch (error) {
      this.uploading.delete(id);
      const restarted = this.restarting.delete(id);
      if (!this.stored.has(id) || this.stopped) return; // cancelled by the student, or the page went
      if (restarted) {
        this.patchPhoto(id, { status: 'waiting', progress: 0 });
      } else if (stalled || isConnectionFailure(error)) {
        this.lastConnectionFailed = true;
        this.delay(this.photoBackoff, id);
        this.patchPhoto(id, { status: 'waiting', progress: 0 });
      } else {
        // The server refused this file (not an image, too large, no url): it never will accept it.
        this.o.onNotice?.({ kind: 'uploadFailed', fileName: photo.name, message: messageOf(error) });
        await this.forgetPhoto(id);
      }
    } finally {
      clearTimeout(watchdog);
      this.uploading.delete(id);
      this.kick();
    }
  }

  private async saveOne(questionId: string) {
    const intent = this.state.intents[questionId];
    if (!intent) return;
    this.saving.add(questionId);
    const base = this.state.answers[questionId];
    const version = base?.version ?? 0;
    try {
      const current = base?.image_urls ?? [];
      const images = mergeImages(current, intent.add, intent.remove).slice(0, MAX_IMAGES_PER_ANSWER);
      if (!sameList(images, current)) {
        const saved = await this.o.transport.save({ question_id: questionId, image_urls: images, version });
        this.update({ answers: { ...this.state.answers, [questionId]: saved }, error: null });
      }
      // Only what this save carried is done; what the student did meanwhile stays waiting.
      const latest = this.state.intents[questionId] ?? intent;
      await this.writeIntent({
        questionId,
        add: latest.add.filter((u) => !intent.add.includes(u)),
        remove: latest.remove.filter((u) => !intent.remove.includes(u)),
      });
      this.saveBackoff.delete(questionId);
      this.lastConnectionFailed = false;
      // Spec section 4: after each save the answers are reloaded.
      await this.reloadAnswers();
    } catch (error) {
      if (isConnectionFailure(error)) {
        this.lastConnectionFailed = true;
        this.delay(this.saveBackoff, questionId);
        this.update({});
      } else if (error instanceof TransportError && error.kind === 'conflict') {
        const reloaded = await this.reloadAnswers();
        const freshVersion = this.state.answers[questionId]?.version ?? 0;
        if (reloaded && freshVersion !== version) {
          // Stale: another tab or phone saved between. Save again at once on the fresh list (which
          // merges both); only a question that keeps going stale waits.
          const attempts = this.saveBackoff.get(questionId)?.attempts ?? 0;
          if (attempts >= 3) this.delay(this.saveBackoff, questionId);
          else this.saveBackoff.set(questionId, { attempts: attempts + 1, notBefore: 0 });
        } else if (!reloaded) {
          this.delay(this.saveBackoff, questionId);
        } else {
          await this.refuse(questionId, intent, error);
        }
      } else {
        await this.refuse(questionId, intent, error);
      }
    } finally {
      this.saving.delete(questionId);
      this.update({});
      this.kick();
    }
  }

  /** The server will never take this change (the exam closed, a foreign image): say so and let it go. */
  private async refuse(questionId: string, intent: StoredIntent, error: unknown) {
    const message = messageOf(error);
    this.update({ error: message ?? null });
    if (intent.remove.length > 0 && intent.add.length === 0) this.o.onNotice?.({ kind: 'removeFailed' });
    else this.o.onNotice?.({ kind: 'saveFailed', message });
    this.saveBackoff.delete(questionId);
    await this.writeIntent({ questionId, add: [], remove: [] });
  }
}

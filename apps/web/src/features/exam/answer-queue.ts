import { MAX_IMAGES_PER_ANSWER } from '@ngso/shared/schemas/exam';
import type { PreparedImage } from '../../lib/media/compress.ts';
import type { PhotoProblem } from '../../lib/media/photo-quality.ts';
import type { RetryPolicy } from '../../lib/retry.ts';
import {
  carriedBy,
  committedImage,
  mergeImages,
  type StoredIntent,
  sameList,
  withoutSettled,
  withPhotoAdded,
  withPhotoListed,
} from './answer-intents.ts';
import { DeviceWork } from './device-work.ts';
import { sha256Hex } from './photo-hash.ts';
import { previewUrl, revokePreview } from './photo-preview.ts';
import { queueRecords, type StoredPhoto } from './queue-records.ts';
import {
  imageCountOf,
  type PendingPhoto,
  type QueueNotice,
  type QueueState,
  QueueView,
  withDeliveredPhoto,
} from './queue-state.ts';
import type { QueueStorage } from './queue-storage.ts';
import { Backoffs, DEFAULT_BACKOFF, WakeTimer } from './retry-schedule.ts';
import { stallWatchdog } from './stall-watchdog.ts';
import {
  isConnectionFailure,
  type LoadedAnswers,
  messageOf,
  type QueueTransport,
  type SavedAnswer,
  statusOf,
  TransportError,
} from './transport-contract.ts';

/**
 * "Never lose an answer", for thousands of phones in the exam's last minutes: every photo a student adds
 * and every change to an answer goes through this queue. A photo is compressed and checked (one too
 * dark, blurred or too small first waits for the student to use it or retake it, decision 061), kept on
 * the device (IndexedDB), named by the SHA-256 of its bytes and COMMITTED at once (a JSON call of a few
 * hundred bytes that gets through a crawling link); its bytes are DELIVERED afterwards, also after the end and
 * after submission, until the server has them. A photo that could not be committed before the end and
 * its grace is sent as a late photo (organisers decide). Failed calls are retried with back-off (the
 * server's Retry-After first) and again when the connection returns; a reload picks up whatever was
 * waiting. No React in here.
 * Changes are kept as intents per question (answer-intents.ts), what waits on the device in
 * queue-records.ts.
 */

export type QueueOptions = {
  transport: QueueTransport;
  storage: QueueStorage;
  /** Keys of this student's queue (one student's photos never go into another's answers). */
  scope: string;
  /** Compresses and checks a chosen image (lib/media); tests pass the file through. */
  prepare?: (file: File) => Promise<PreparedImage>;
  hash?: (bytes: ArrayBuffer) => Promise<string>;
  /** How many deliveries run at once (the server takes two per account). */
  concurrency?: number;
  /** A delivery with no progress for this long is stopped and tried again. */
  stallMs?: number;
  backoff?: RetryPolicy;
  now?: () => number;
  random?: () => number;
  isOnline?: () => boolean;
  newId?: () => string;
  onNotice?: (notice: QueueNotice) => void;
  /**
   * The student has no answers yet (the exam page opened from the paper at the start, a first attempt):
   * the server's answers are not read at start, only after the first save. Ignored when this device
   * holds work of an earlier visit.
   */
  noAnswersYet?: boolean;
  /**
   * No commit before this instant (this device's clock, ms): each page's own moment within the exam's
   * first seconds, so the first saves of thousands of pages do not land in the same second.
   */
  firstSaveAt?: number;
};

function randomId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
}

export { DEFAULT_BACKOFF };

export class AnswerQueue {
  private readonly o: Required<Omit<QueueOptions, 'onNotice' | 'noAnswersYet' | 'firstSaveAt'>> &
    Pick<QueueOptions, 'onNotice' | 'noAnswersYet' | 'firstSaveAt'>;
  private readonly view: QueueView;
  private readonly work: DeviceWork;
  /** Photo ids whose bytes or late announcement are on their way now. */
  private readonly inFlight = new Map<string, AbortController>();
  private readonly saving = new Set<string>();
  /** Questions to commit even if their list looks unchanged (the server lost a commitment). */
  private readonly forceCommit = new Set<string>();
  private readonly restarting = new Set<string>();
  private readonly photoBackoff: Backoffs;
  private readonly saveBackoff: Backoffs;
  /** Reading the server's answers until it has worked once (key `answers`). */
  private readonly loadBackoff: Backoffs<'answers'>;
  /** Photos the checks found a problem with, waiting for the student: how to tell `addPhotos` the answer. */
  private readonly decisions = new Map<string, (keep: boolean) => void>();
  private readonly wake: WakeTimer;
  private stopped = false;
  private pumping = false;
  private pumpAgain = false;
  private loadingAnswers: Promise<boolean> | null = null;
  /** A read asked for while one was on its way (its answer may predate what just changed). */
  private readAgain = false;

  constructor(options: QueueOptions) {
    this.o = {
      prepare: async (file) => ({ file, problems: [] }),
      hash: sha256Hex,
      concurrency: 2,
      stallMs: 30_000,
      backoff: DEFAULT_BACKOFF,
      now: Date.now,
      random: Math.random,
      isOnline: () => (typeof navigator === 'undefined' ? true : navigator.onLine),
      newId: randomId,
      ...options,
    };
    this.view = new QueueView(this.o.isOnline);
    this.getState = this.view.getState;
    this.subscribe = this.view.subscribe;
    const clock = { policy: this.o.backoff, now: this.o.now, random: this.o.random };
    this.photoBackoff = new Backoffs(clock);
    this.saveBackoff = new Backoffs(clock);
    this.loadBackoff = new Backoffs(clock);
    this.wake = new WakeTimer(this.o.now, () => this.kick());
    this.work = new DeviceWork(queueRecords(this.o.storage, this.o.scope, this.o.hash), this.view, (id) =>
      this.photoBackoff.delete(id),
    );
  }

  /** Notices go to the page that shows the queue now (the queue outlives a navigation). */
  setNoticeHandler(handler: ((notice: QueueNotice) => void) | undefined): void {
    this.o.onNotice = handler;
  }

  // --- observing -----------------------------------------------------------------------------

  /** The state the page shows (a new object at each change). */
  readonly getState: () => QueueState;

  /** Calls `listener` at each change; returns how to stop. */
  readonly subscribe: (listener: () => void) => () => void;

  private get state(): QueueState {
    return this.view.getState();
  }

  private update(patch: Partial<QueueState> = {}) {
    this.view.update(patch);
  }

  /** Whether anything is waiting for the server (leaving the page then warns). */
  hasUnsavedWork(): boolean {
    return this.state.waiting > 0 || this.state.sending > 0 || this.state.sendingLate > 0;
  }

  // --- starting and stopping -----------------------------------------------------------------

  /** Loads what a previous visit left on the device, then the server's answers, and starts sending. */
  async start(): Promise<void> {
    const leftOver = await this.work.load();
    if (this.o.noAnswersYet && !leftOver) {
      this.update({ answers: {}, latePhotos: [], loaded: true });
    } else {
      await this.reloadAnswers();
    }
    this.kick();
  }

  /** Stops sending (the page goes). What is stored stays stored, and a later visit sends it. */
  stop(): void {
    this.stopped = true;
    this.wake.cancel();
    for (const controller of this.inFlight.values()) controller.abort();
    this.inFlight.clear();
    for (const photo of [...this.state.photos, ...Object.values(this.state.sent)])
      revokePreview(photo.previewUrl);
  }

  get isStopped(): boolean {
    return this.stopped;
  }

  /** The connection is back (the browser's `online` event) or the student asked: try everything now. */
  retryNow(): void {
    // Requests sent while the connection was gone may hang rather than fail: send those again.
    for (const [id, controller] of this.inFlight) {
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
    this.view.connectionFailed = true;
    this.update({});
  }

  /** Reads the server's answers (and late photos) again; resolves whether that worked. */
  reloadAnswers(): Promise<boolean> {
    if (this.loadingAnswers) {
      this.readAgain = true;
      return this.loadingAnswers;
    }
    this.loadingAnswers = (async () => {
      try {
        let loaded: LoadedAnswers;
        do {
          this.readAgain = false;
          loaded = await this.o.transport.loadAnswers();
        } while (this.readAgain);
        const answers: Record<string, SavedAnswer> = {};
        for (const answer of loaded.answers) answers[answer.question_id] = answer;
        this.view.connectionFailed = false;
        this.loadBackoff.delete('answers');
        this.update({ answers, latePhotos: loaded.latePhotos, loaded: true });
        return true;
      } catch (error) {
        if (isConnectionFailure(error)) this.view.connectionFailed = true;
        // Never read yet: nothing can be committed (a commit needs the answer's version) and the
        // student's saved answers are not on screen, so read again after a pause (kick() sees the back-off).
        if (!this.state.loaded) this.loadBackoff.delay('answers', error);
        this.update({});
        return false;
      } finally {
        this.loadingAnswers = null;
      }
    })();
    return this.loadingAnswers;
  }

  // --- the student's actions -------------------------------------------------------------------

  /** How many photos a question has or will have (the server allows at most 10). */
  imageCount(questionId: string): number {
    return imageCountOf(this.state, questionId);
  }

  /**
   * Adds photos to a question: each is compressed and checked, hashed, kept on the device, then committed
   * and delivered. A photo with a problem waits for the student's decision before anything is kept
   * (`keepPhoto`, `retakePhoto`). Resolves once all are stored on the device (not yet on the server)
   * or retaken.
   */
  async addPhotos(questionId: string, files: File[]): Promise<void> {
    const room = MAX_IMAGES_PER_ANSWER - this.imageCount(questionId);
    const accepted = files.slice(0, Math.max(0, room));
    const entries = accepted.map((file) => ({ file, id: this.o.newId(), takenAt: this.o.now() }));
    this.update({
      error: null,
      photos: [
        ...this.state.photos,
        ...entries.map(({ file, id }) => ({
          id,
          questionId,
          name: file.name,
          sha256: null,
          status: 'preparing' as const,
          progress: null,
          previewUrl: null,
        })),
      ],
    });
    await Promise.all(
      entries.map(async ({ file, id, takenAt }) => {
        try {
          const { file: prepared, problems } = await this.o.prepare(file);
          if (problems.length > 0 && !(await this.studentKeeps(id, problems))) return;
          const bytes = await prepared.arrayBuffer();
          const sha256 = await this.o.hash(bytes);
          const photo: StoredPhoto = {
            id,
            questionId,
            name: prepared.name || file.name,
            type: prepared.type || 'image/jpeg',
            bytes,
            createdAt: takenAt,
            sha256,
            size: bytes.byteLength,
            takenAt: new Date(takenAt).toISOString(),
            stage: 'commit',
          };
          if (!this.state.photos.some((p) => p.id === id)) return; // removed while being prepared
          await this.work.keep(photo);
          // The commit: in memory at once, then on the device (a reload commits it too).
          await this.work.writeIntent(
            withPhotoAdded(this.work.intentOf(questionId), { sha256, size: photo.size }),
          );
          this.patchPhoto(id, { sha256, status: 'sending', previewUrl: previewUrl(photo.bytes, photo.type) });
        } catch (error) {
          this.work.drop(id);
          this.o.onNotice?.({ kind: 'uploadFailed', fileName: file.name, message: messageOf(error) });
        }
      }),
    );
    this.kick();
  }

  /** Removes a photo from a question's answer (one recorded, or one still on its way). */
  async removeImage(questionId: string, sha256: string): Promise<void> {
    const intent = this.work.intentOf(questionId);
    const local = this.state.photos.find((p) => p.questionId === questionId && p.sha256 === sha256);
    const uncommitted = intent.add.some((entry) => entry.sha256 === sha256) && local?.status === 'sending';
    const next: StoredIntent = uncommitted
      ? { ...intent, add: intent.add.filter((entry) => entry.sha256 !== sha256) }
      : { ...intent, remove: [...intent.remove.filter((hash) => hash !== sha256), sha256] };
    try {
      await this.work.writeIntent(next);
    } catch {
      this.o.onNotice?.({ kind: 'removeFailed' });
      return;
    }
    // Its delivery stops: a recorded photo is forgotten once the server confirms the removal.
    if (local) {
      this.inFlight.get(local.id)?.abort();
      if (uncommitted) await this.work.forget(local.id);
    }
    this.kick();
  }

  /** The student keeps a photo the checks found a problem with: it is committed as any other. */
  keepPhoto(id: string): void {
    this.decide(id, true);
  }

  /** The student takes a photo again instead of one the checks found a problem with: it is dropped. */
  retakePhoto(id: string): void {
    this.decide(id, false);
  }

  /** Drops a photo still being prepared (the student changed their mind). */
  async cancelPhoto(id: string): Promise<void> {
    if (this.decisions.has(id)) return this.retakePhoto(id);
    const photo = this.state.photos.find((p) => p.id === id);
    if (photo?.sha256) return this.removeImage(photo.questionId, photo.sha256);
    this.inFlight.get(id)?.abort();
    await this.work.forget(id);
    this.kick();
  }

  /**
   * Resolves true once every change is recorded by the server (committed; with `deliveries`, also every
   * photo's bytes there), false when `timeoutMs` passes first. Tries failed sends again at once.
   */
  flush(timeoutMs: number, { deliveries = false }: { deliveries?: boolean } = {}): Promise<boolean> {
    // Commitments waiting for their back-off go now; bytes on their way are not cut off (on a slow link
    // they may be minutes from arriving).
    this.saveBackoff.clear();
    this.loadBackoff.clear();
    // A submission does not wait for the page's first-save moment.
    this.o.firstSaveAt = undefined;
    // Nor for the student's answer to a photo check: a photo taken is never lost for want of one.
    for (const id of [...this.decisions.keys()]) this.keepPhoto(id);
    if (deliveries) this.photoBackoff.clear();
    if (!this.state.loaded) void this.reloadAnswers().then(() => this.kick());
    this.kick();
    return this.view.when(
      () =>
        this.state.waiting === 0 &&
        this.saving.size === 0 &&
        (!deliveries || (this.state.sending === 0 && this.state.sendingLate === 0)),
      timeoutMs,
    );
  }

  // --- bookkeeping ---------------------------------------------------------------------------

  private patchPhoto(id: string, patch: Partial<PendingPhoto>) {
    this.view.patchPhoto(id, patch);
  }

  /** Shows a photo's problems and waits for the student: true to use it anyway, false to retake it. */
  private studentKeeps(id: string, problems: PhotoProblem[]): Promise<boolean> {
    if (!this.state.photos.some((p) => p.id === id)) return Promise.resolve(false);
    this.patchPhoto(id, { problems });
    return new Promise((resolve) => this.decisions.set(id, resolve));
  }

  private decide(id: string, keep: boolean) {
    const resolve = this.decisions.get(id);
    if (!resolve) return;
    this.decisions.delete(id);
    if (keep) this.patchPhoto(id, { problems: undefined });
    else this.work.drop(id);
    resolve(keep);
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
    // Commits first: they are small and make a photo count even if its bytes come later. They need the
    // server's answers (the version): until a read has worked, read again (a server restarting).
    if (!this.state.loaded) {
      if (!this.loadingAnswers && this.loadBackoff.ready('answers')) {
        void this.reloadAnswers().then(() => this.kick());
      }
    } else if (this.savesAllowed()) {
      for (const intent of Object.values(this.state.intents)) {
        const q = intent.questionId;
        if (this.saving.has(q) || !this.saveBackoff.ready(q)) continue;
        void this.saveOne(q);
      }
    }
    // Then the bytes (and late announcements), a few at a time, oldest first.
    for (const photo of this.state.photos) {
      if (this.inFlight.size >= this.o.concurrency) break;
      const stored = this.work.get(photo.id);
      if (!stored || this.inFlight.has(photo.id) || !this.photoBackoff.ready(photo.id)) continue;
      if (stored.stage === 'late') void this.announceLate(photo.id);
      else if (stored.stage === 'lateDeliver') void this.deliverOne(photo.id);
      else if (
        stored.stage === 'deliver' &&
        !this.work.intentOf(photo.questionId).remove.includes(stored.sha256)
      ) {
        void this.deliverOne(photo.id);
      }
    }
  }

  private savesAllowed() {
    return this.o.firstSaveAt === undefined || this.o.now() >= this.o.firstSaveAt;
  }

  /** A timer for the earliest retry that is waiting for its back-off (or the first save's moment). */
  private schedule() {
    if (this.stopped) {
      this.wake.cancel();
      return;
    }
    const firstSave =
      !this.savesAllowed() && Object.keys(this.state.intents).length > 0 ? [this.o.firstSaveAt ?? 0] : [];
    this.wake.at([
      ...firstSave,
      ...this.photoBackoff.times((id) => this.work.has(id)),
      ...this.saveBackoff.times((questionId) => this.state.intents[questionId] !== undefined),
      ...(this.state.loaded ? [] : this.loadBackoff.times(() => true)),
    ]);
  }

  private async deliverOne(id: string) {
    const photo = this.work.get(id);
    if (!photo) return;
    const controller = new AbortController();
    this.inFlight.set(id, controller);
    this.patchPhoto(id, { progress: 0 });
    const watchdog = stallWatchdog(controller, this.o.stallMs);
    try {
      const delivered = await this.o.transport.deliver(
        { sha256: photo.sha256, name: photo.name, bytes: new Blob([photo.bytes], { type: photo.type }) },
        (progress) => {
          watchdog.progress();
          this.patchPhoto(id, { progress });
        },
        controller.signal,
      );
      if (controller.signal.aborted || !this.work.has(id)) throw new TransportError('network');
      this.inFlight.delete(id);
      this.view.connectionFailed = false;
      await this.work.arrived(id, delivered.late || photo.stage === 'lateDeliver');
      const shown = withDeliveredPhoto(this.state, delivered);
      if (shown) this.update(shown);
      else void this.reloadAnswers();
    } catch (error) {
      await this.deliveryFailed(photo, controller, error, watchdog.stalled);
    } finally {
      watchdog.stop();
      this.inFlight.delete(id);
      this.kick();
    }
  }

  /** What a failed delivery means for the photo: send it again (now or later), commit it again, or give up. */
  private async deliveryFailed(
    photo: StoredPhoto,
    controller: AbortController,
    error: unknown,
    stalled: boolean,
  ) {
    const { id } = photo;
    this.inFlight.delete(id);
    const restarted = this.restarting.delete(id);
    if (!this.work.has(id) || this.stopped) return; // removed by the student, or the page went
    const status = statusOf(error);
    if (restarted || controller.signal.aborted) {
      if (stalled) this.photoBackoff.delay(id);
      this.patchPhoto(id, { progress: null });
    } else if (status === 404) {
      // The server has no commitment for it, although one was confirmed: commit it again (within
      // the grace), or announce it as late (after it).
      await this.recommit(id);
    } else if (status === 409) {
      // The delivery deadline has passed: nothing more can be sent.
      this.o.onNotice?.({ kind: 'uploadFailed', fileName: photo.name, message: messageOf(error) });
      await this.work.forget(id);
    } else if (status === 422 || isConnectionFailure(error)) {
      // 422: the bytes arrived damaged; otherwise no connection, or the server asked to wait (429, 503).
      if (status !== 422) this.view.connectionFailed = true;
      this.photoBackoff.delay(id, error);
      this.patchPhoto(id, { progress: null });
    } else {
      this.o.onNotice?.({ kind: 'uploadFailed', fileName: photo.name, message: messageOf(error) });
      await this.work.forget(id);
    }
  }

  /** A photo the server does not know: back to its commitment (or, if late, to its announcement). */
  private async recommit(id: string) {
    const photo = this.work.get(id);
    if (!photo) return;
    if (photo.stage === 'lateDeliver') {
      await this.work.setStage(id, 'late');
      return;
    }
    await this.work.setStage(id, 'commit');
    this.forceCommit.add(photo.questionId);
    const intent = this.work.intentOf(photo.questionId);
    const listed = withPhotoListed(intent, photo);
    if (listed !== intent) await this.work.writeIntent(listed);
  }

  /** A photo that could not be committed in time: announced as late, then delivered. */
  private async announceLate(id: string) {
    const photo = this.work.get(id);
    if (!photo) return;
    const controller = new AbortController();
    this.inFlight.set(id, controller);
    try {
      await this.o.transport.registerLate({
        question_id: photo.questionId,
        sha256: photo.sha256,
        size: photo.size,
        taken_at: photo.takenAt,
      });
      this.view.connectionFailed = false;
      this.photoBackoff.delete(id);
      await this.work.setStage(id, 'lateDeliver');
      void this.reloadAnswers();
    } catch (error) {
      const restarted = this.restarting.delete(id);
      if (!this.work.has(id) || this.stopped || restarted) return;
      if (isConnectionFailure(error) || controller.signal.aborted) {
        this.view.connectionFailed = isConnectionFailure(error);
        this.photoBackoff.delay(id, error);
      } else if (statusOf(error) === 409) {
        // The grace is not over yet (the server's clock): commit it instead, after a pause.
        this.photoBackoff.delay(id, error);
        await this.recommitInTime(id);
      } else {
        this.o.onNotice?.({ kind: 'uploadFailed', fileName: photo.name, message: messageOf(error) });
        await this.work.forget(id);
      }
    } finally {
      this.inFlight.delete(id);
      this.update({});
      this.kick();
    }
  }

  private async recommitInTime(id: string) {
    const photo = this.work.get(id);
    if (!photo) return;
    await this.work.setStage(id, 'deliver'); // recommit() moves a 'deliver' photo back to its commitment
    await this.recommit(id);
  }

  /** The question's photos that this answer lists: recorded (deliver them), or already stored (done). */
  private async recorded(questionId: string, answer: SavedAnswer | undefined) {
    if (!answer) return;
    for (const photo of this.work.all()) {
      if (photo.questionId !== questionId || photo.stage !== 'commit') continue;
      const listed = answer.images.find((entry) => entry.sha256 === photo.sha256);
      if (!listed) continue;
      if (listed.status === 'stored') await this.work.arrived(photo.id, false);
      else await this.work.setStage(photo.id, 'deliver');
    }
  }

  private async saveOne(questionId: string) {
    const intent = this.state.intents[questionId];
    if (!intent) return;
    this.saving.add(questionId);
    const base = this.state.answers[questionId];
    const version = base?.version ?? 0;
    const forced = this.forceCommit.delete(questionId);
    try {
      const current = (base?.images ?? []).map(committedImage);
      const images = mergeImages(current, intent.add, intent.remove).slice(0, MAX_IMAGES_PER_ANSWER);
      let answer = base;
      if (forced || !sameList(images, current)) {
        answer = await this.o.transport.commit({ question_id: questionId, images, version });
        this.update({ answers: { ...this.state.answers, [questionId]: answer }, error: null });
      }
      await this.recorded(questionId, answer);
      // Photos this commit removed leave the device.
      for (const photo of this.work.all()) {
        if (
          photo.questionId === questionId &&
          intent.remove.includes(photo.sha256) &&
          !answer?.images.some((entry) => entry.sha256 === photo.sha256)
        ) {
          await this.work.forget(photo.id);
        }
      }
      // Only what this commit carried is done; what the student did meanwhile stays waiting.
      await this.work.writeIntent(withoutSettled(this.state.intents[questionId] ?? intent, intent));
      this.saveBackoff.delete(questionId);
      this.view.connectionFailed = false;
      // Spec section 4: after each save the answers are reloaded.
      await this.reloadAnswers();
    } catch (error) {
      if (isConnectionFailure(error) || statusOf(error) === 401) {
        if (forced) this.forceCommit.add(questionId);
        this.view.connectionFailed = isConnectionFailure(error);
        this.saveBackoff.delay(questionId, error);
        this.update({});
      } else if (error instanceof TransportError && error.kind === 'conflict') {
        if (forced) this.forceCommit.add(questionId);
        const reloaded = await this.reloadAnswers();
        const freshVersion = this.state.answers[questionId]?.version ?? 0;
        if (reloaded && freshVersion !== version) {
          // Stale: another tab or phone saved between. Commit again at once on the fresh list (which
          // merges both); only a question that keeps going stale waits.
          if (this.saveBackoff.attempts(questionId) >= 3) this.saveBackoff.delay(questionId);
          else this.saveBackoff.retryAtOnce(questionId);
        } else if (!reloaded) {
          this.saveBackoff.delay(questionId);
        } else {
          await this.closed(questionId, intent, error);
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

  /**
   * The exam no longer takes commitments (its end and grace passed, or it was submitted): the photos
   * this commit carried are sent as late photos; a removal is refused.
   */
  private async closed(questionId: string, intent: StoredIntent, error: unknown) {
    for (const photo of this.carriedPhotos(questionId, intent)) await this.work.setStage(photo.id, 'late');
    if (intent.remove.length > 0) {
      this.update({ error: messageOf(error) ?? null });
      this.o.onNotice?.({ kind: 'removeFailed' });
    }
    this.saveBackoff.delete(questionId);
    await this.work.writeIntent(withoutSettled(this.state.intents[questionId] ?? intent, intent));
  }

  /** The photos a refused commit carried that wait for a commitment still. */
  private carriedPhotos(questionId: string, intent: StoredIntent): StoredPhoto[] {
    const carried = carriedBy(intent);
    return this.work
      .all()
      .filter(
        (photo) => photo.questionId === questionId && photo.stage === 'commit' && carried.has(photo.sha256),
      );
  }

  /** The server will never take this change (a foreign image, too many): say so and let it go. */
  private async refuse(questionId: string, intent: StoredIntent, error: unknown) {
    const message = messageOf(error);
    this.update({ error: message ?? null });
    if (intent.remove.length > 0 && intent.add.length === 0) this.o.onNotice?.({ kind: 'removeFailed' });
    else this.o.onNotice?.({ kind: 'saveFailed', message });
    this.saveBackoff.delete(questionId);
    for (const photo of this.carriedPhotos(questionId, intent)) await this.work.forget(photo.id);
    await this.work.writeIntent({ questionId, add: [], remove: [] });
  }
}

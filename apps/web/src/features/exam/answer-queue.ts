import { MAX_IMAGES_PER_ANSWER } from '@ngso/shared/schemas/exam';
import type { PhotoProblem } from '../../lib/media/photo-quality.ts';
import { AnswerCommits } from './answer-commits.ts';
import { type StoredIntent, withPhotoAdded } from './answer-intents.ts';
import { AnswersReader } from './answers-reader.ts';
import { DeviceWork } from './device-work.ts';
import { previewUrl, revokePreview } from './photo-preview.ts';
import { PhotoSender } from './photo-sender.ts';
import { type QueueOptions, type ResolvedQueueOptions, withDefaults } from './queue-options.ts';
import type { QueueContext } from './queue-part.ts';
import { queueRecords, type StoredPhoto } from './queue-records.ts';
import {
  imageCountOf,
  type PendingPhoto,
  type QueueNotice,
  type QueueState,
  QueueView,
} from './queue-state.ts';
import { DEFAULT_BACKOFF, WakeTimer } from './retry-schedule.ts';
import { messageOf } from './transport-contract.ts';

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
 *
 * This module is the student's actions and the loop that decides what to send when (`kick`, `pump`, one
 * wake-up timer for the earliest back-off); its parts, one job each:
 * - answer-intents.ts: a question's waiting changes, and the list a commit carries;
 * - device-work.ts (on queue-records.ts and queue-storage.ts): what waits on the device, in step with the screen;
 * - queue-state.ts: the state the page reads (snapshot, subscribe, the banner's counts);
 * - answers-reader.ts, answer-commits.ts, photo-sender.ts: the calls (read, commit, bytes and late photos)
 *   through transport-contract.ts, and what each answer means;
 * - retry-schedule.ts, stall-watchdog.ts: back-off per key, and stopping a stuck delivery.
 */

export { DEFAULT_BACKOFF };

export class AnswerQueue {
  private readonly o: ResolvedQueueOptions;
  private readonly view: QueueView;
  private readonly work: DeviceWork;
  private readonly reader: AnswersReader;
  private readonly commits: AnswerCommits;
  private readonly sender: PhotoSender;
  /** Photos the checks found a problem with, waiting for the student: how to tell `addPhotos` the answer. */
  private readonly decisions = new Map<string, (keep: boolean) => void>();
  private readonly wake: WakeTimer;
  private stopped = false;
  private pumping = false;
  private pumpAgain = false;

  constructor(options: QueueOptions) {
    this.o = withDefaults(options);
    this.view = new QueueView(this.o.isOnline);
    this.getState = this.view.getState;
    this.subscribe = this.view.subscribe;
    this.work = new DeviceWork(queueRecords(this.o.storage, this.o.scope, this.o.hash), this.view, (id) =>
      this.sender.backoff.delete(id),
    );
    const ctx: QueueContext = {
      o: this.o,
      view: this.view,
      work: this.work,
      isStopped: () => this.stopped,
      kick: () => this.kick(),
      reloadAnswers: () => this.reloadAnswers(),
    };
    this.reader = new AnswersReader(ctx);
    this.commits = new AnswerCommits(ctx);
    this.sender = new PhotoSender(ctx, this.commits);
    this.wake = new WakeTimer(this.o.now, () => this.kick());
  }

  /** Reads the server's answers (and late photos) again; resolves whether that worked. */
  reloadAnswers(): Promise<boolean> {
    return this.reader.reload();
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
    this.sender.abortAll();
    for (const photo of [...this.state.photos, ...Object.values(this.state.sent)])
      revokePreview(photo.previewUrl);
  }

  get isStopped(): boolean {
    return this.stopped;
  }

  /** The connection is back (the browser's `online` event) or the student asked: try everything now. */
  retryNow(): void {
    this.sender.restartAll();
    this.sender.backoff.clear();
    this.commits.backoff.clear();
    this.reader.backoff.clear();
    this.update({});
    if (!this.state.loaded) void this.reloadAnswers().then(() => this.kick());
    this.kick();
  }

  /** The browser went offline: the banner shows at once. */
  wentOffline(): void {
    this.view.connectionFailed = true;
    this.update({});
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
      this.sender.abort(local.id);
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
    this.sender.abort(id);
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
    this.commits.backoff.clear();
    this.reader.backoff.clear();
    // A submission does not wait for the page's first-save moment.
    this.o.firstSaveAt = undefined;
    // Nor for the student's answer to a photo check: a photo taken is never lost for want of one.
    for (const id of [...this.decisions.keys()]) this.keepPhoto(id);
    if (deliveries) this.sender.backoff.clear();
    if (!this.state.loaded) void this.reloadAnswers().then(() => this.kick());
    this.kick();
    return this.view.when(
      () =>
        this.state.waiting === 0 &&
        this.commits.saving.size === 0 &&
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
      if (!this.reader.busy && this.reader.backoff.ready('answers')) {
        void this.reloadAnswers().then(() => this.kick());
      }
    } else if (this.savesAllowed()) {
      for (const intent of Object.values(this.state.intents)) {
        const q = intent.questionId;
        if (this.commits.saving.has(q) || !this.commits.backoff.ready(q)) continue;
        void this.commits.save(q);
      }
    }
    // Then the bytes (and late announcements), a few at a time, oldest first.
    for (const photo of this.state.photos) {
      if (this.sender.inFlightCount >= this.o.concurrency) break;
      const stored = this.work.get(photo.id);
      if (!stored || this.sender.isSending(photo.id) || !this.sender.backoff.ready(photo.id)) continue;
      if (stored.stage === 'late') void this.sender.announceLate(photo.id);
      else if (stored.stage === 'lateDeliver') void this.sender.deliver(photo.id);
      else if (
        stored.stage === 'deliver' &&
        !this.work.intentOf(photo.questionId).remove.includes(stored.sha256)
      ) {
        void this.sender.deliver(photo.id);
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
      ...this.sender.backoff.times((id) => this.work.has(id)),
      ...this.commits.backoff.times((questionId) => this.state.intents[questionId] !== undefined),
      ...(this.state.loaded ? [] : this.reader.backoff.times(() => true)),
    ]);
  }
}

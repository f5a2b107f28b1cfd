import { type DeliveredPhoto, imageUrlsOf, type LatePhoto } from '@ngso/shared/schemas/exam';
import type { PhotoProblem } from '../../lib/media/photo-quality.ts';
import { hasChanges, mergeImages, type StoredIntent } from './answer-intents.ts';
import type { PhotoStage } from './queue-records.ts';
import type { SavedAnswer } from './transport-contract.ts';

/**
 * What the exam page reads of the answer queue: a snapshot (`getState`) and a way to hear of the next one
 * (`subscribe`), for React's `useSyncExternalStore`. The counts the banner shows are derived here, once per
 * change.
 */

/**
 * What the student sees of a photo on this device: `preparing` (compressing, hashing), `sending` (not
 * recorded by the server yet), `recorded` (recorded in time, its bytes on their way), `late` (recorded
 * too late: being sent for review).
 */
export type PhotoStatus = 'preparing' | 'sending' | 'recorded' | 'late';

export type PendingPhoto = {
  id: string;
  questionId: string;
  name: string;
  sha256: string | null;
  status: PhotoStatus;
  /** Percent of the bytes sent while a delivery runs, else null. */
  progress: number | null;
  /** A local preview (object URL), when the browser can make one. */
  previewUrl: string | null;
  /**
   * What is wrong with a photo being prepared (too dark, blurred, too small): it waits, uncommitted,
   * for the student to retake it or use it anyway (decision 061). Absent otherwise.
   */
  problems?: PhotoProblem[];
};

/** A photo whose bytes the server confirmed during this visit (its local preview stays on screen). */
export type SentPhoto = { sha256: string; questionId: string; previewUrl: string | null; late: boolean };

/** Something the student must be told once (the spec's alerts). */
export type QueueNotice =
  | { kind: 'uploadFailed'; fileName: string; message: string | undefined }
  | { kind: 'removeFailed' }
  | { kind: 'saveFailed'; message: string | undefined };

export type QueueState = {
  /** The answers as the server last reported them, by question id. */
  answers: Record<string, SavedAnswer>;
  /** This student's late photos as the server last reported them. */
  latePhotos: LatePhoto[];
  /** Whether the server's answers have been loaded at least once. */
  loaded: boolean;
  photos: PendingPhoto[];
  intents: Record<string, StoredIntent>;
  /** By hash: photos delivered during this visit. */
  sent: Record<string, SentPhoto>;
  /** Questions with changes the server has not recorded yet (the banner's count). */
  waiting: number;
  /** Photos recorded in time whose bytes are still on their way from this device. */
  sending: number;
  /** Late photos still on their way from this device. */
  sendingLate: number;
  /** The browser is offline, or the last call failed for lack of a connection. */
  offline: boolean;
  /** The answers-store error (spec section 2: shown under the upload area). */
  error: string | null;
};

export const EMPTY_QUEUE_STATE: QueueState = {
  answers: {},
  latePhotos: [],
  loaded: false,
  photos: [],
  intents: {},
  sent: {},
  waiting: 0,
  sending: 0,
  sendingLate: 0,
  offline: false,
  error: null,
};

/** How a photo's place on the device shows to the student. */
export const statusOfStage = (stage: PhotoStage): PhotoStatus =>
  stage === 'commit' ? 'sending' : stage === 'deliver' ? 'recorded' : 'late';

/** The banner's counts of a state. */
function countWork(state: QueueState): Pick<QueueState, 'waiting' | 'sending' | 'sendingLate'> {
  const questions = new Set<string>();
  let sending = 0;
  let sendingLate = 0;
  for (const photo of state.photos) {
    if (photo.status === 'preparing' || photo.status === 'sending') questions.add(photo.questionId);
    else if (photo.status === 'recorded') sending += 1;
    else sendingLate += 1;
  }
  for (const intent of Object.values(state.intents)) {
    if (hasChanges(intent)) questions.add(intent.questionId);
  }
  return { waiting: questions.size, sending, sendingLate };
}

/** The queue's state as the view reads it, and who is listening. */
export class QueueView {
  private state: QueueState;
  private readonly listeners = new Set<() => void>();
  /** The last call failed for lack of a connection (the banner shows while work waits). */
  connectionFailed = false;

  constructor(private readonly isOnline: () => boolean) {
    this.state = { ...EMPTY_QUEUE_STATE, offline: !isOnline() };
  }

  getState = (): QueueState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  update(patch: Partial<QueueState> = {}): void {
    const next = { ...this.state, ...patch };
    Object.assign(next, countWork(next));
    next.offline =
      !this.isOnline() ||
      (this.connectionFailed && (next.waiting > 0 || next.sending + next.sendingLate > 0));
    this.state = next;
    for (const listener of this.listeners) listener();
  }

  patchPhoto(id: string, patch: Partial<PendingPhoto>): void {
    this.update({
      photos: this.state.photos.map((photo) => (photo.id === id ? { ...photo, ...patch } : photo)),
    });
  }

  /** Resolves true once `done` holds (checked at each change), false when `timeoutMs` passes first. */
  when(done: () => boolean, timeoutMs: number): Promise<boolean> {
    return new Promise((resolve) => {
      if (done()) {
        resolve(true);
        return;
      }
      const timer = setTimeout(() => {
        unsubscribe();
        resolve(false);
      }, timeoutMs);
      const unsubscribe = this.subscribe(() => {
        if (!done()) return;
        clearTimeout(timer);
        unsubscribe();
        resolve(true);
      });
    });
  }
}

/** How many photos a question has or will have (the server allows at most 10). */
export function imageCountOf(state: QueueState, questionId: string): number {
  const answer = state.answers[questionId];
  const intent = state.intents[questionId];
  const listed = mergeImages(answer?.images ?? [], intent?.add ?? [], intent?.remove ?? []);
  const listedHashes = new Set(listed.map((entry) => entry.sha256));
  const others = state.photos.filter(
    (photo) =>
      photo.questionId === questionId &&
      photo.status !== 'late' &&
      (photo.sha256 === null || !listedHashes.has(photo.sha256)),
  );
  return listed.length + others.length;
}

/**
 * The answers and late photos on screen with a delivered photo as the server now has it, from the
 * delivery's own answer: in the exam's last minutes every phone delivers at once, and reading every answer
 * again after each photo would double the server's calls at its busiest. Null when no answer or late photo
 * on screen lists it (then they are read again).
 */
export function withDeliveredPhoto(
  state: QueueState,
  delivered: DeliveredPhoto,
): Pick<QueueState, 'answers' | 'latePhotos'> | null {
  let shown = false;
  const withDelivery = <T extends { sha256: string; url: string | null; status: string }>(image: T): T => {
    if (image.sha256 !== delivered.sha256) return image;
    shown = true;
    return { ...image, url: delivered.url, status: delivered.status };
  };
  const answers: Record<string, SavedAnswer> = {};
  for (const [questionId, answer] of Object.entries(state.answers)) {
    const images = answer.images.map(withDelivery);
    answers[questionId] = { ...answer, images, image_urls: imageUrlsOf(images) };
  }
  const latePhotos = state.latePhotos.map(withDelivery);
  return shown ? { answers, latePhotos } : null;
}

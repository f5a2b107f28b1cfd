import { hasChanges, noChanges, type StoredIntent } from './answer-intents.ts';
import { previewUrl, revokePreview } from './photo-preview.ts';
import type { PhotoStage, QueueRecords, StoredPhoto } from './queue-records.ts';
import { type QueueView, statusOfStage } from './queue-state.ts';

/**
 * The answer queue's work on this device, kept in step in two places: on the device (queue-records.ts, so
 * a reload goes on from there) and on screen (queue-state.ts). Each change is made here, once, in both.
 */
export class DeviceWork {
  private readonly stored = new Map<string, StoredPhoto>();

  constructor(
    private readonly records: QueueRecords,
    private readonly view: QueueView,
    /** A photo left the device or the screen (the queue forgets its back-off). */
    private readonly onDropped: (id: string) => void,
  ) {}

  /** Picks up what a previous visit left; resolves whether there was any. */
  async load(): Promise<boolean> {
    const { intents, photos } = await this.records.load();
    for (const photo of photos) this.stored.set(photo.id, photo);
    this.view.update({
      intents,
      photos: photos.map((photo) => ({
        id: photo.id,
        questionId: photo.questionId,
        name: photo.name,
        sha256: photo.sha256,
        status: statusOfStage(photo.stage),
        progress: null,
        previewUrl: previewUrl(photo.bytes, photo.type),
      })),
    });
    return photos.length > 0 || Object.keys(intents).length > 0;
  }

  get(id: string): StoredPhoto | undefined {
    return this.stored.get(id);
  }

  has(id: string): boolean {
    return this.stored.has(id);
  }

  /** The photos on the device now (a copy: the work on them may drop some). */
  all(): StoredPhoto[] {
    return [...this.stored.values()];
  }

  /** Keeps a prepared photo on the device. */
  async keep(photo: StoredPhoto): Promise<void> {
    await this.records.putPhoto(photo);
    this.stored.set(photo.id, photo);
  }

  intentOf(questionId: string): StoredIntent {
    return this.view.getState().intents[questionId] ?? noChanges(questionId);
  }

  /** Records a question's waiting changes: in memory at once (so concurrent work sees them), then on the device. */
  async writeIntent(intent: StoredIntent): Promise<void> {
    const intents = { ...this.view.getState().intents };
    if (!hasChanges(intent)) delete intents[intent.questionId];
    else intents[intent.questionId] = intent;
    this.view.update({ intents });
    await this.records.putIntent(intent);
  }

  /** Takes a photo off the screen and out of memory (not yet off the device). */
  drop(id: string, keepPreview = false): void {
    const { photos } = this.view.getState();
    if (!keepPreview) revokePreview(photos.find((p) => p.id === id)?.previewUrl);
    this.stored.delete(id);
    this.onDropped(id);
    this.view.update({ photos: photos.filter((p) => p.id !== id) });
  }

  /** Lets a photo go, also from the device. */
  async forget(id: string): Promise<void> {
    this.drop(id);
    await this.records.deletePhoto(id);
  }

  /** Moves a photo on: on the device first (a reload goes on from there), then on screen. */
  async setStage(id: string, stage: PhotoStage): Promise<void> {
    const photo = this.stored.get(id);
    if (!photo || photo.stage === stage) return;
    const next = { ...photo, stage };
    this.stored.set(id, next);
    await this.records.putPhoto(next);
    this.view.patchPhoto(id, { status: statusOfStage(stage), progress: null });
  }

  /** The server has the photo's bytes: it leaves the device; its preview stays on screen for this visit. */
  async arrived(id: string, late: boolean): Promise<void> {
    const photo = this.stored.get(id);
    const pending = this.view.getState().photos.find((p) => p.id === id);
    if (!photo) return;
    this.drop(id, true);
    this.view.update({
      sent: {
        ...this.view.getState().sent,
        [photo.sha256]: {
          sha256: photo.sha256,
          questionId: photo.questionId,
          previewUrl: pending?.previewUrl ?? null,
          late,
        },
      },
    });
    await this.records.deletePhoto(id);
  }
}

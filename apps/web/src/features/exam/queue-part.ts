import type { DeviceWork } from './device-work.ts';
import type { ResolvedQueueOptions } from './queue-options.ts';
import type { PendingPhoto, QueueState, QueueView } from './queue-state.ts';

/** What the answer queue's parts share: its options, its state, its work on the device, and its loop. */
export type QueueContext = {
  o: ResolvedQueueOptions;
  view: QueueView;
  work: DeviceWork;
  isStopped: () => boolean;
  /** Looks for work to start (answer-queue.ts). */
  kick: () => void;
  /** Reads the server's answers again (answers-reader.ts); resolves whether that worked. */
  reloadAnswers: () => Promise<boolean>;
};

/** A part of the answer queue: one kind of call to the server, and what its answers mean. */
export abstract class QueuePart {
  constructor(protected readonly ctx: QueueContext) {}

  protected get o(): ResolvedQueueOptions {
    return this.ctx.o;
  }

  protected get view(): QueueView {
    return this.ctx.view;
  }

  protected get work(): DeviceWork {
    return this.ctx.work;
  }

  protected get state(): QueueState {
    return this.ctx.view.getState();
  }

  protected get stopped(): boolean {
    return this.ctx.isStopped();
  }

  protected kick(): void {
    this.ctx.kick();
  }

  protected reloadAnswers(): Promise<boolean> {
    return this.ctx.reloadAnswers();
  }

  protected update(patch: Partial<QueueState> = {}): void {
    this.ctx.view.update(patch);
  }

  protected patchPhoto(id: string, patch: Partial<PendingPhoto>): void {
    this.ctx.view.patchPhoto(id, patch);
  }
}

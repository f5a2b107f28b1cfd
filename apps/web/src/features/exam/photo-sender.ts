import type { AnswerCommits } from './answer-commits.ts';
import { type QueueContext, QueuePart } from './queue-part.ts';
import type { StoredPhoto } from './queue-records.ts';
import { withDeliveredPhoto } from './queue-state.ts';
import { Backoffs } from './retry-schedule.ts';
import { stallWatchdog } from './stall-watchdog.ts';
import { isConnectionFailure, messageOf, statusOf, TransportError } from './transport-contract.ts';

/**
 * The photos' bytes, after their commitment: delivered (a stuck request stopped by a watchdog, the
 * server's 429 and 503 waited out), committed again when the server lost the commitment, and the late path:
 * a photo that could not be committed in time is announced as late, then delivered.
 */
export class PhotoSender extends QueuePart {
  /** Photo ids whose bytes or late announcement are on their way now. */
  private readonly inFlight = new Map<string, AbortController>();
  /** Photos stopped on purpose to be sent again at once (the connection came back). */
  private readonly restarting = new Set<string>();
  readonly backoff = new Backoffs({ policy: this.o.backoff, now: this.o.now, random: this.o.random });

  constructor(
    ctx: QueueContext,
    private readonly commits: AnswerCommits,
  ) {
    super(ctx);
  }

  get inFlightCount(): number {
    return this.inFlight.size;
  }

  isSending(id: string): boolean {
    return this.inFlight.has(id);
  }

  /** Stops the sending of a photo (the student removed it). */
  abort(id: string): void {
    this.inFlight.get(id)?.abort();
  }

  /** Stops every sending (the page goes). */
  abortAll(): void {
    for (const controller of this.inFlight.values()) controller.abort();
    this.inFlight.clear();
  }

  /** Requests sent while the connection was gone may hang rather than fail: sends those again. */
  restartAll(): void {
    for (const [id, controller] of this.inFlight) {
      this.restarting.add(id);
      controller.abort();
    }
  }

  /** Sends a committed (or announced late) photo's bytes. */
  async deliver(id: string) {
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
      if (stalled) this.backoff.delay(id);
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
      this.backoff.delay(id, error);
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
    if (photo.stage === 'lateDeliver') await this.work.setStage(id, 'late');
    else await this.commits.commitAgain(photo);
  }

  /** A photo that could not be committed in time: announced as late, then delivered. */
  async announceLate(id: string) {
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
      this.backoff.delete(id);
      await this.work.setStage(id, 'lateDeliver');
      void this.reloadAnswers();
    } catch (error) {
      const restarted = this.restarting.delete(id);
      if (!this.work.has(id) || this.stopped || restarted) return;
      if (isConnectionFailure(error) || controller.signal.aborted) {
        this.view.connectionFailed = isConnectionFailure(error);
        this.backoff.delay(id, error);
      } else if (statusOf(error) === 409) {
        // The grace is not over yet (the server's clock): commit it instead, after a pause.
        this.backoff.delay(id, error);
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
}

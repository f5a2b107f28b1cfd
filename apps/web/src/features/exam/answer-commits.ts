import { MAX_IMAGES_PER_ANSWER } from '@ngso/shared/schemas/exam';
import {
  carriedBy,
  committedImage,
  mergeImages,
  type StoredIntent,
  sameList,
  withoutSettled,
  withPhotoListed,
} from './answer-intents.ts';
import { QueuePart } from './queue-part.ts';
import type { StoredPhoto } from './queue-records.ts';
import { Backoffs } from './retry-schedule.ts';
import {
  isConnectionFailure,
  messageOf,
  type SavedAnswer,
  statusOf,
  TransportError,
} from './transport-contract.ts';

/**
 * The commitments: each question's waiting changes committed as "the server's list, plus ours, minus the
 * removed" (answer-intents.ts), a few hundred bytes that get through a crawling link. A stale commit is
 * redone on the fresh list; a commit the closed exam refuses sends its photos as late photos; one the server
 * will never take is let go with a notice.
 */
export class AnswerCommits extends QueuePart {
  /** Questions whose commit is on its way. */
  readonly saving = new Set<string>();
  readonly backoff = new Backoffs({ policy: this.o.backoff, now: this.o.now, random: this.o.random });
  /** Questions to commit even if their list looks unchanged (the server lost a commitment). */
  private readonly forceCommit = new Set<string>();

  /** A photo the server lost the commitment of: committed again (on the device first), even if listed. */
  async commitAgain(photo: StoredPhoto) {
    await this.work.setStage(photo.id, 'commit');
    this.forceCommit.add(photo.questionId);
    const intent = this.work.intentOf(photo.questionId);
    const listed = withPhotoListed(intent, photo);
    if (listed !== intent) await this.work.writeIntent(listed);
  }

  /** Commits a question's waiting changes on the server's answer (or again on a fresh one when stale). */
  async save(questionId: string) {
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
      this.backoff.delete(questionId);
      this.view.connectionFailed = false;
      // Spec section 4: after each save the answers are reloaded.
      await this.reloadAnswers();
    } catch (error) {
      if (isConnectionFailure(error) || statusOf(error) === 401) {
        if (forced) this.forceCommit.add(questionId);
        this.view.connectionFailed = isConnectionFailure(error);
        this.backoff.delay(questionId, error);
        this.update({});
      } else if (error instanceof TransportError && error.kind === 'conflict') {
        if (forced) this.forceCommit.add(questionId);
        const reloaded = await this.reloadAnswers();
        const freshVersion = this.state.answers[questionId]?.version ?? 0;
        if (reloaded && freshVersion !== version) {
          // Stale: another tab or phone saved between. Commit again at once on the fresh list (which
          // merges both); only a question that keeps going stale waits.
          if (this.backoff.attempts(questionId) >= 3) this.backoff.delay(questionId);
          else this.backoff.retryAtOnce(questionId);
        } else if (!reloaded) {
          this.backoff.delay(questionId);
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
    this.backoff.delete(questionId);
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
    this.backoff.delete(questionId);
    for (const photo of this.carriedPhotos(questionId, intent)) await this.work.forget(photo.id);
    await this.work.writeIntent({ questionId, add: [], remove: [] });
  }
}

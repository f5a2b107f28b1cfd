import { QueuePart } from './queue-part.ts';
import { Backoffs } from './retry-schedule.ts';
import { isConnectionFailure, type LoadedAnswers, type SavedAnswer } from './transport-contract.ts';

/**
 * Reads the server's answers (and this student's late photos): after each save (spec section 4), after a
 * late photo is announced, and until a first read has worked (nothing can be committed without the answers'
 * versions). Reads asked for while one is on its way are served by one more read.
 */
export class AnswersReader extends QueuePart {
  /** Reading the server's answers until it has worked once (key `answers`). */
  readonly backoff = new Backoffs<'answers'>({
    policy: this.o.backoff,
    now: this.o.now,
    random: this.o.random,
  });
  private loadingAnswers: Promise<boolean> | null = null;
  /** A read asked for while one was on its way (its answer may predate what just changed). */
  private readAgain = false;

  /** Whether a read is on its way. */
  get busy(): boolean {
    return this.loadingAnswers !== null;
  }

  /** Reads the server's answers (and late photos) again; resolves whether that worked. */
  reload(): Promise<boolean> {
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
        this.backoff.delete('answers');
        this.update({ answers, latePhotos: loaded.latePhotos, loaded: true });
        return true;
      } catch (error) {
        if (isConnectionFailure(error)) this.view.connectionFailed = true;
        // Never read yet: nothing can be committed (a commit needs the answer's version) and the
        // student's saved answers are not on screen, so read again after a pause (kick() sees the back-off).
        if (!this.state.loaded) this.backoff.delay('answers', error);
        this.update({});
        return false;
      } finally {
        this.loadingAnswers = null;
      }
    })();
    return this.loadingAnswers;
  }
}

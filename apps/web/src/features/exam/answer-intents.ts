import type { CommittedImage } from '@ngso/shared/schemas/exam';

/**
 * Changes to an answer are kept as intents per question (photos to add, photos to remove), never as a whole
 * list: the list committed is always "the server's list, plus ours, minus the removed", so a commit refused
 * as stale (another tab or phone saved in between) is redone on the fresh list and keeps both sets of photos.
 */

/** The changes to one question's answer that the server has not confirmed yet. */
export type StoredIntent = { questionId: string; add: CommittedImage[]; remove: string[] };

export const noChanges = (questionId: string): StoredIntent => ({ questionId, add: [], remove: [] });

export const hasChanges = (intent: StoredIntent) => intent.add.length > 0 || intent.remove.length > 0;

/** An image as a commit names it: its hash and size, nothing the server added. */
export const committedImage = ({ sha256, size }: CommittedImage): CommittedImage => ({ sha256, size });

/** The list to commit: the server's photos (or the fresh ones after a stale commit), plus ours, minus the removed. */
export function mergeImages(
  server: readonly CommittedImage[],
  add: readonly CommittedImage[],
  remove: readonly string[],
): CommittedImage[] {
  const removed = new Set(remove);
  const result: CommittedImage[] = [];
  for (const entry of [...server, ...add]) {
    if (!removed.has(entry.sha256) && !result.some((r) => r.sha256 === entry.sha256))
      result.push(committedImage(entry));
  }
  return result;
}

export const sameList = (a: readonly CommittedImage[], b: readonly CommittedImage[]) =>
  a.length === b.length && a.every((entry, i) => entry.sha256 === b[i]?.sha256 && entry.size === b[i]?.size);

/** The hashes a commit carried (the photos it added). */
export const carriedBy = (intent: StoredIntent) => new Set(intent.add.map((entry) => entry.sha256));

/** What still waits once the changes `done` carried are settled: what the student did meanwhile. */
export function withoutSettled(latest: StoredIntent, done: StoredIntent): StoredIntent {
  const carried = carriedBy(done);
  return {
    questionId: latest.questionId,
    add: latest.add.filter((entry) => !carried.has(entry.sha256)),
    remove: latest.remove.filter((hash) => !done.remove.includes(hash)),
  };
}

/** A photo added to an answer (and no longer removed, if it was). */
export const withPhotoAdded = (intent: StoredIntent, added: CommittedImage): StoredIntent => ({
  ...intent,
  add: [...intent.add.filter((entry) => entry.sha256 !== added.sha256), committedImage(added)],
  remove: intent.remove.filter((hash) => hash !== added.sha256),
});

/** A photo listed among the photos to add, unless it already is (its order kept). */
export const withPhotoListed = (intent: StoredIntent, listed: CommittedImage): StoredIntent =>
  intent.add.some((entry) => entry.sha256 === listed.sha256)
    ? intent
    : { ...intent, add: [...intent.add, committedImage(listed)] };

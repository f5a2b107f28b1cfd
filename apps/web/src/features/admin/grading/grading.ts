import type { GradingImage, Submission } from '@ngso/shared/schemas/results';
import { stableShuffle } from './shuffle.ts';

export type GradingItem = {
  userId: string;
  /** null for graders (the server sends names to admins only). */
  name: string | null;
  rollNumber: string | null;
  /** Every photo of the answer, in order, with its state (only `ready` ones can be shown). */
  images: GradingImage[];
  /** Whether a grader can judge the answer now (see `isGradable`). */
  gradable: boolean;
  marks: number | null;
  comment: string | null;
};

/**
 * An answer can be graded once at least one of its photos can be seen, or once none can ever be (every
 * photo failed as an image). While its photos are all still arriving or being processed it is not empty:
 * marks given then would judge an answer nobody has seen.
 */
export const isGradable = (images: readonly GradingImage[]): boolean =>
  images.some((image) => image.state === 'ready') ||
  (images.length > 0 && images.every((image) => image.state === 'failed'));

/** The question ids of a category in the exam's order (every submission lists every question). */
export const questionIdsOf = (submissions: readonly Submission[]): string[] =>
  submissions[0]?.answers.map((answer) => answer.question_id) ?? [];

/**
 * The answers to one question that need grading (those with photos, whatever their state), in the
 * grader's own random but stable order (seeded by grader and question, so a reload keeps it).
 */
export function gradingQueue(
  submissions: readonly Submission[],
  questionId: string,
  seed: string,
): GradingItem[] {
  const items: GradingItem[] = [];
  for (const submission of submissions) {
    const answer = submission.answers.find((entry) => entry.question_id === questionId);
    if (!answer || answer.images.length === 0) continue;
    const { images } = answer;
    items.push({
      userId: submission.user_id,
      name: submission.name,
      rollNumber: submission.roll_number,
      images,
      gradable: isGradable(images),
      marks: answer.marks,
      comment: answer.comment,
    });
  }
  return stableShuffle(items, `${seed}/${questionId}`, (item) => item.userId);
}

/** Whether an answer still waits for a grader who can see it. */
const waiting = (item: GradingItem) => item.marks === null && item.gradable;

/** The first ungraded answer that can be graded now; -1 when none. */
export const firstUngraded = (items: readonly GradingItem[]): number => items.findIndex(waiting);

/**
 * The next ungraded answer that can be graded after `from` (wrapping round), skipping those in
 * `justGraded`; -1 when none.
 */
export function nextUngraded(
  items: readonly GradingItem[],
  from: number,
  justGraded: ReadonlySet<string>,
): number {
  for (let step = 1; step <= items.length; step += 1) {
    const index = (from + step) % items.length;
    const item = items[index];
    if (item && waiting(item) && !justGraded.has(item.userId)) return index;
  }
  return -1;
}

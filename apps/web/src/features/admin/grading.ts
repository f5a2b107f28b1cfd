import type { Submission } from '@ngso/shared/schemas/results';
import { stableShuffle } from './shuffle.ts';

export type GradingItem = {
  userId: string;
  name: string;
  rollNumber: string | null;
  imageUrls: string[];
  marks: number | null;
  comment: string | null;
};

/** The question ids of a category in the exam's order (every submission lists every question). */
export const questionIdsOf = (submissions: readonly Submission[]): string[] =>
  submissions[0]?.answers.map((answer) => answer.question_id) ?? [];

/**
 * The answers to one question that need grading (those with images), in the grader's own random but
 * stable order (seeded by grader and question, so a reload keeps it).
 */
export function gradingQueue(
  submissions: readonly Submission[],
  questionId: string,
  seed: string,
): GradingItem[] {
  const items: GradingItem[] = [];
  for (const submission of submissions) {
    const answer = submission.answers.find((entry) => entry.question_id === questionId);
    if (!answer || answer.image_urls.length === 0) continue;
    items.push({
      userId: submission.user_id,
      name: submission.name,
      rollNumber: submission.roll_number,
      imageUrls: answer.image_urls,
      marks: answer.marks,
      comment: answer.comment,
    });
  }
  return stableShuffle(items, `${seed}/${questionId}`, (item) => item.userId);
}

/** The next ungraded answer after `from` (wrapping round), skipping those in `justGraded`; -1 when none. */
export function nextUngraded(
  items: readonly GradingItem[],
  from: number,
  justGraded: ReadonlySet<string>,
): number {
  for (let step = 1; step <= items.length; step += 1) {
    const index = (from + step) % items.length;
    const item = items[index];
    if (item && item.marks === null && !justGraded.has(item.userId)) return index;
  }
  return -1;
}

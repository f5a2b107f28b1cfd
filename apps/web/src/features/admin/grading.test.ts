import type { Submission } from '@ngso/shared/schemas/results';
import { describe, expect, it } from 'vitest';
import { gradingQueue, nextUngraded, questionIdsOf } from './grading.ts';

const answer = (question_id: string, images: number, marks: number | null = null) => ({
  question_id,
  image_urls: Array.from({ length: images }, (_, index) => `/api/v1/media/${question_id}-${index}`),
  marks,
  comment: null,
  grader_marks: marks,
  grader_comment: null,
  override_marks: null,
  override_comment: null,
});
const submission = (id: string, q1: number, q1Marks: number | null = null): Submission => ({
  user_id: id,
  name: `Student ${id}`,
  roll_number: `R-${id}`,
  submitted_at: null,
  answers: [answer('q1', q1, q1Marks), answer('q2', 1)],
});

describe('the grading queue', () => {
  const submissions = [submission('a', 1), submission('b', 0), submission('c', 2, 4), submission('d', 1)];

  it('lists the questions in order and the answers with images only', () => {
    expect(questionIdsOf(submissions)).toEqual(['q1', 'q2']);
    expect(questionIdsOf([])).toEqual([]);
    const queue = gradingQueue(submissions, 'q1', 'grader-1');
    expect(queue.map((item) => item.userId).sort()).toEqual(['a', 'c', 'd']);
    expect(queue.find((item) => item.userId === 'c')?.marks).toBe(4);
  });

  it('keeps the order for the same grader and question, whatever order the server sends', () => {
    const once = gradingQueue(submissions, 'q2', 'grader-1').map((item) => item.userId);
    const again = gradingQueue([...submissions].reverse(), 'q2', 'grader-1').map((item) => item.userId);
    expect(again).toEqual(once);
  });

  it('finds the next ungraded answer, wrapping round and skipping the ones just graded', () => {
    const items = gradingQueue(submissions, 'q1', 'grader-1');
    const ungraded = items
      .map((item, index) => (item.marks === null ? index : -1))
      .filter((index) => index >= 0);
    const first = ungraded[0] ?? -1;
    const second = ungraded[1] ?? -1;
    expect(nextUngraded(items, first, new Set())).toBe(second);
    expect(nextUngraded(items, second, new Set())).toBe(first);
    const all = new Set(items.map((item) => item.userId));
    expect(nextUngraded(items, 0, all)).toBe(-1);
    expect(nextUngraded([], 0, new Set())).toBe(-1);
  });
});

import type { GradingImage, Submission } from '@ngso/shared/schemas/results';
import { describe, expect, it } from 'vitest';
import { firstUngraded, gradingQueue, isGradable, nextUngraded, questionIdsOf } from './grading.ts';

const image = (name: string, state: GradingImage['state'] = 'ready'): GradingImage => ({
  sha256: name,
  url: state === 'ready' ? `/api/v1/media/${name}` : null,
  state,
  late: false,
});
const answer = (question_id: string, images: GradingImage[], marks: number | null = null) => ({
  question_id,
  image_urls: images.flatMap((entry) => (entry.url ? [entry.url] : [])),
  images,
  marks,
  comment: null,
  grader_marks: marks,
  grader_comment: null,
  override_marks: null,
  override_comment: null,
});
const photos = (count: number, state: GradingImage['state'] = 'ready') =>
  Array.from({ length: count }, (_, index) => image(`p${index}`, state));
const submission = (id: string, q1: GradingImage[], q1Marks: number | null = null): Submission => ({
  user_id: id,
  name: `Student ${id}`,
  roll_number: `R-${id}`,
  submitted_at: null,
  answers: [answer('q1', q1, q1Marks), answer('q2', photos(1))],
});

describe('the grading queue', () => {
  const submissions = [
    submission('a', photos(1)),
    submission('b', []),
    submission('c', photos(2), 4),
    submission('d', photos(1)),
  ];

  it('lists the questions in order and the answers with photos only', () => {
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

describe('answers whose photos are not all here', () => {
  it('can be graded once one photo is ready, or once every photo failed; not while they arrive', () => {
    expect(isGradable([image('a', 'arriving'), image('b', 'ready')])).toBe(true);
    expect(isGradable([image('a', 'failed'), image('b', 'failed')])).toBe(true);
    expect(isGradable([image('a', 'arriving')])).toBe(false);
    expect(isGradable([image('a', 'processing'), image('b', 'failed')])).toBe(false);
    expect(isGradable([])).toBe(false);
  });

  it('are listed with their photos but never offered as the next answer to grade', () => {
    const submissions = [submission('waits', photos(2, 'arriving')), submission('here', photos(1))];
    const items = gradingQueue(submissions, 'q1', 'grader-1');
    expect(items).toHaveLength(2);
    const waits = items.findIndex((item) => item.userId === 'waits');
    const here = items.findIndex((item) => item.userId === 'here');
    expect(items[waits]?.gradable).toBe(false);
    expect(items[waits]?.images.map((entry) => entry.state)).toEqual(['arriving', 'arriving']);
    expect(firstUngraded(items)).toBe(here);
    expect(nextUngraded(items, here, new Set())).toBe(here);
    expect(nextUngraded(items, here, new Set(['here']))).toBe(-1);
    expect(firstUngraded(gradingQueue([submissions[0] as Submission], 'q1', 'g'))).toBe(-1);
  });
});

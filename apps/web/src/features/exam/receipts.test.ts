import type { AnswerImage } from '@ngso/shared/schemas/exam';
import { describe, expect, it } from 'vitest';
import { EMPTY_QUEUE_STATE, type QueueState } from './queue-state.ts';
import { receiptsFile, receiptsOf } from './receipts.ts';

const image = (sha: string, receipt?: string): AnswerImage => ({
  sha256: sha.repeat(64),
  size: 1000,
  url: null,
  status: 'pending',
  ...(receipt ? { receipt: `v1.${receipt}.sig`, receipt_code: `${receipt}-CODE` } : {}),
});

const answer = (questionId: string, images: AnswerImage[]) => ({
  question_id: questionId,
  image_urls: [],
  images,
  version: 1,
  saved_at: '2025-01-14T17:10:00+06:00',
});

const state: QueueState = {
  ...EMPTY_QUEUE_STATE,
  loaded: true,
  answers: {
    q3: answer('q3', [image('c', 'C')]),
    q1: answer('q1', [image('a', 'A'), image('b'), image('d', 'D')]),
  },
  // A photo being removed is no longer part of the answer: its receipt is not listed.
  intents: { q1: { questionId: 'q1', add: [], remove: ['d'.repeat(64)] } },
};

describe('the receipts of the success page', () => {
  it("lists each photo's receipt in the exam's order, skipping photos without one and photos removed", () => {
    expect(receiptsOf(state, ['q1', 'q2', 'q3'])).toEqual([
      { questionNumber: 1, questionId: 'q1', sha256: 'a'.repeat(64), code: 'A-CODE', receipt: 'v1.A.sig' },
      { questionNumber: 3, questionId: 'q3', sha256: 'c'.repeat(64), code: 'C-CODE', receipt: 'v1.C.sig' },
    ]);
  });

  it('writes them as a JSON file that says where to check them', async () => {
    const file = receiptsFile(
      receiptsOf(state, ['q1', 'q2', 'q3']),
      'https://example.org/verify/receipt',
      'About',
    );
    expect(file.type).toBe('application/json');
    expect(JSON.parse(await file.text())).toEqual({
      about: 'About',
      verify_at: 'https://example.org/verify/receipt',
      receipts: [
        { question: 1, code: 'A-CODE', sha256: 'a'.repeat(64), receipt: 'v1.A.sig' },
        { question: 3, code: 'C-CODE', sha256: 'c'.repeat(64), receipt: 'v1.C.sig' },
      ],
    });
  });
});

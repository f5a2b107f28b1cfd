import { imagesOf } from './answer-view.ts';
import type { QueueState } from './queue-state.ts';

/** A photo's receipt as the success page lists it and the receipts file holds it. */
export type ReceiptEntry = {
  questionNumber: number;
  questionId: string;
  sha256: string;
  code: string;
  receipt: string;
};

/**
 * Every receipt the server gave for the student's photos, question by question in the exam's order (a
 * question not in `order` after those that are), each photo in its answer's order.
 */
export function receiptsOf(state: QueueState, order: readonly string[]): ReceiptEntry[] {
  const others = Object.keys(state.answers).filter((id) => !order.includes(id));
  return [...order, ...others].flatMap((questionId, index) =>
    imagesOf(state, questionId).flatMap((view) =>
      view.receipt && view.sha256
        ? [{ questionNumber: index + 1, questionId, sha256: view.sha256, ...view.receipt }]
        : [],
    ),
  );
}

/** The receipts file: what each receipt is for (`about`, in the page's language), and where to check it. */
export function receiptsFile(receipts: readonly ReceiptEntry[], verifyUrl: string, about: string): Blob {
  const content = {
    about,
    verify_at: verifyUrl,
    receipts: receipts.map((entry) => ({
      question: entry.questionNumber,
      code: entry.code,
      sha256: entry.sha256,
      receipt: entry.receipt,
    })),
  };
  return new Blob([`${JSON.stringify(content, null, 2)}\n`], { type: 'application/json' });
}

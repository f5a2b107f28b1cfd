import type { Exam } from '@ngso/shared/schemas/exam';
import { useMemo } from 'react';
import type { QueueState } from './queue-state.ts';
import { type ReceiptEntry, receiptsOf } from './receipts.ts';
import { useKeptReceipts } from './use-kept-exam.ts';

/**
 * The receipts the success page lists: those of the server's answers once the queue has loaded them (kept
 * on the device each time they change), else, with no connection, the ones this device kept for the window.
 */
export function useReceipts(
  userId: string | undefined,
  exam: Exam | undefined,
  state: QueueState,
  order: readonly string[],
): readonly ReceiptEntry[] {
  const computed = state.loaded ? receiptsOf(state, order) : undefined;
  const signature = computed?.map((entry) => `${entry.questionNumber} ${entry.receipt}`).join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the receipts change only with their signature
  const fresh = useMemo(() => computed, [signature]);
  const kept = useKeptReceipts(userId, exam, fresh);
  return fresh ?? kept.value ?? [];
}

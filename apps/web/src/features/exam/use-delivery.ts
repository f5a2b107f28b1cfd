import type { Exam } from '@ngso/shared/schemas/exam';
import { useMemo } from 'react';
import type { QueueState } from './queue-state.ts';
import type { LoadedAnswers } from './transport-contract.ts';
import { useKeptAnswers } from './use-kept-exam.ts';

/**
 * The queue's state with the server's answers this device kept (`kept`) in place of the ones it has not
 * read (no connection, or not yet): the photos still on the device come from the queue's own records as
 * always, those the server already had from the kept answers. Once the queue has read the server's
 * answers, its state as it is.
 */
export function withKeptAnswers(state: QueueState, kept: LoadedAnswers | undefined): QueueState {
  if (state.loaded || !kept) return state;
  const answers = Object.fromEntries(kept.answers.map((answer) => [answer.question_id, answer]));
  return { ...state, answers, latePhotos: kept.latePhotos, loaded: true };
}

/**
 * The state the success page lists each question's photos from (delivery-list.tsx): the queue's, whose
 * answers are kept on the device each time the server's change; with no connection, the kept ones.
 */
export function useDeliveryState(
  userId: string | undefined,
  exam: Exam | undefined,
  state: QueueState,
): QueueState {
  const { loaded, answers, latePhotos } = state;
  const fresh = useMemo(
    () => (loaded ? { answers: Object.values(answers), latePhotos } : undefined),
    [loaded, answers, latePhotos],
  );
  const kept = useKeptAnswers(userId, exam, fresh);
  return useMemo(() => withKeptAnswers(state, kept.value), [state, kept.value]);
}

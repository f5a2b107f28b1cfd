import { type AnswerQueueOptions, useAnswerQueue } from './use-answer-queue.ts';
import { useNotices } from './use-notices.ts';

/**
 * What an exam screen records answers through: the page's answer queue and its state, the alerts the
 * queue raises (as sentences), and the screen's handlers that add to them (files the picker refused)
 * and clear them.
 */
export function useExamAnswers(options: Omit<AnswerQueueOptions, 'onNotice'>) {
  const { notices, add, onNotice, clear } = useNotices();
  const { queue, state } = useAnswerQueue({ ...options, onNotice });
  return { queue, recording: { state, notices, onDismissNotices: clear, onRejectedFiles: add } };
}

import type { Exam, Question } from '@ngso/shared/schemas/exam';
import { useEffect, useState } from 'react';
import { loadExam, loadQuestions, saveExam, saveQuestions } from './exam-snapshot.ts';
import { openQueueStorage } from './queue-storage.ts';

export type Kept<T> = { value: T | undefined; ready: boolean };

/** Nobody to keep anything for (no user, no exam yet): nothing to wait for either. */
const NOTHING_KEPT = { value: undefined, ready: true } as const;

/**
 * The student's exam as this device last had it from the server (exam-snapshot.ts): read once for the
 * user, and `fresh` (the server's latest answer) written whenever it changes, so the next visit with no
 * connection finds it.
 */
export function useKeptExam(userId: string | undefined, fresh: Exam | undefined): Kept<Exam> {
  const [kept, setKept] = useState<Kept<Exam>>({ value: undefined, ready: false });
  useEffect(() => {
    if (!userId) return;
    let active = true;
    void openQueueStorage()
      .then((storage) => loadExam(storage, userId))
      .catch(() => undefined)
      .then((value) => {
        if (active) setKept({ value, ready: true });
      });
    return () => {
      active = false;
    };
  }, [userId]);
  useEffect(() => {
    if (!userId || !fresh) return;
    void openQueueStorage()
      .then((storage) => saveExam(storage, userId, fresh))
      .catch(() => undefined);
  }, [userId, fresh]);
  return userId ? kept : NOTHING_KEPT;
}

/**
 * The exam's questions as this device last had them for this window: read once the exam is known, and
 * `fresh` (the questions the page got, from the server or from the countdown's paper) written when they
 * arrive.
 */
export function useKeptQuestions(
  userId: string | undefined,
  exam: Exam | undefined,
  fresh: Question[] | undefined,
): Kept<Question[]> {
  const [kept, setKept] = useState<Kept<Question[]>>({ value: undefined, ready: false });
  const startsAt = exam?.starts_at;
  useEffect(() => {
    if (!userId || !startsAt) return;
    let active = true;
    void openQueueStorage()
      .then((storage) => loadQuestions(storage, userId, { starts_at: startsAt }))
      .catch(() => undefined)
      .then((value) => {
        if (active) setKept({ value, ready: true });
      });
    return () => {
      active = false;
    };
  }, [userId, startsAt]);
  useEffect(() => {
    if (!userId || !startsAt || !fresh) return;
    void openQueueStorage()
      .then((storage) => saveQuestions(storage, userId, { starts_at: startsAt }, fresh))
      .catch(() => undefined);
  }, [userId, startsAt, fresh]);
  return userId && startsAt ? kept : NOTHING_KEPT;
}

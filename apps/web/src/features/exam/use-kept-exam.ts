import type { Exam, Question } from '@ngso/shared/schemas/exam';
import { useEffect, useState } from 'react';
import { isUnreachable } from '../../lib/error-status.ts';
import { keepForOffline } from '../../lib/keep-for-offline.ts';
import {
  diagramAddressesOf,
  loadAnswers,
  loadExam,
  loadQuestions,
  loadReceipts,
  saveAnswers,
  saveExam,
  saveQuestions,
  saveReceipts,
} from './exam-snapshot.ts';
import { openQueueStorage, type QueueStorage } from './queue-storage.ts';
import type { ReceiptEntry } from './receipts.ts';
import type { LoadedAnswers } from './transport-contract.ts';

export type Kept<T> = { value: T | undefined; ready: boolean };

/**
 * `fresh` when the page has it; while it is still on its way (`pending`), and when the server cannot be
 * reached (never on an answer such as 403), the copy this device kept (`fromDevice`): a reload on a slow
 * link shows the exam at once, and the server's answer replaces the copy when it comes. While that copy is
 * still being read (`reading`), and when it is used, the failure is held back; with nothing kept, the
 * failure is the page's as before.
 */
export function orKept<T>(
  fresh: T | undefined,
  error: unknown,
  kept: Kept<T>,
  pending = false,
): { value: T | undefined; fromDevice: boolean; reading: boolean; error: unknown } {
  const waiting = fresh === undefined && (pending || isUnreachable(error));
  const fromDevice = waiting && kept.value !== undefined;
  const reading = waiting && !kept.ready;
  return {
    value: fromDevice ? kept.value : fresh,
    fromDevice,
    reading,
    error: fromDevice || reading ? undefined : error,
  };
}

/** Nobody to keep anything for (no user, no exam yet): nothing to wait for either. */
const NOTHING_KEPT = { value: undefined, ready: true } as const;

/** One record of exam-snapshot.ts: `key` names it (its reads and writes change only with it). */
type Slot<T> = {
  key: string;
  load: (storage: QueueStorage) => Promise<T | undefined>;
  save: (storage: QueueStorage, value: T) => Promise<void>;
};

/**
 * A record this device keeps in the exam queue's store: read once per slot, and `fresh` written whenever
 * it changes, so the next visit with no connection finds it. No slot (no user, no exam yet): nothing kept.
 */
function useKept<T>(slot: Slot<T> | null, fresh: T | undefined): Kept<T> {
  const [kept, setKept] = useState<Kept<T>>({ value: undefined, ready: false });
  const key = slot?.key;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the slot's key names what it reads
  useEffect(() => {
    if (!slot) return;
    let active = true;
    void openQueueStorage()
      .then(slot.load)
      .catch(() => undefined)
      .then((value) => {
        if (active) setKept({ value, ready: true });
      });
    return () => {
      active = false;
    };
  }, [key]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the slot's key names where it writes
  useEffect(() => {
    if (!slot || fresh === undefined) return;
    void openQueueStorage()
      .then((storage) => slot.save(storage, fresh))
      .catch(() => undefined);
  }, [key, fresh]);
  return slot ? kept : NOTHING_KEPT;
}

/** The student's exam as this device last had it from the server; `fresh` is the server's latest answer. */
export function useKeptExam(userId: string | undefined, fresh: Exam | undefined): Kept<Exam> {
  const slot: Slot<Exam> | null = userId
    ? {
        key: userId,
        load: (storage) => loadExam(storage, userId),
        save: (storage, exam) => saveExam(storage, userId, exam),
      }
    : null;
  return useKept(slot, fresh);
}

/**
 * The exam's questions as this device last had them for this window; `fresh` are the questions the page
 * got (from the server or from the countdown's paper). Their diagrams the server serves are handed to the
 * service worker to keep at once, so that an offline reload shows them, also those of questions not yet
 * opened (each is asked of the server with the student's session: kept only if the server gives it).
 */
export function useKeptQuestions(
  userId: string | undefined,
  exam: Exam | undefined,
  fresh: Question[] | undefined,
): Kept<Question[]> {
  const slot: Slot<Question[]> | null =
    userId && exam
      ? {
          key: `${userId} ${exam.starts_at}`,
          load: (storage) => loadQuestions(storage, userId, exam),
          save: (storage, questions) => saveQuestions(storage, userId, exam, questions),
        }
      : null;
  useEffect(() => {
    if (fresh) void keepForOffline(diagramAddressesOf(fresh)).catch(() => undefined);
  }, [fresh]);
  return useKept(slot, fresh);
}

/**
 * The receipts of the student's photos as the success page last showed them for this window; `fresh` are
 * those of the server's answers, once loaded. With no connection the page shows the kept ones.
 */
export function useKeptReceipts(
  userId: string | undefined,
  exam: Exam | undefined,
  fresh: readonly ReceiptEntry[] | undefined,
): Kept<readonly ReceiptEntry[]> {
  const slot: Slot<readonly ReceiptEntry[]> | null =
    userId && exam
      ? {
          key: `${userId} ${exam.starts_at}`,
          load: (storage) => loadReceipts(storage, userId, exam),
          save: (storage, receipts) => saveReceipts(storage, userId, exam, receipts),
        }
      : null;
  return useKept(slot, fresh);
}

/**
 * The server's answers and late photos (where each photo is) as the success page last had them for this
 * window; `fresh` is the queue's latest read of them. With no connection the page lists the kept ones.
 */
export function useKeptAnswers(
  userId: string | undefined,
  exam: Exam | undefined,
  fresh: LoadedAnswers | undefined,
): Kept<LoadedAnswers> {
  const slot: Slot<LoadedAnswers> | null =
    userId && exam
      ? {
          key: `${userId} ${exam.starts_at}`,
          load: (storage) => loadAnswers(storage, userId, exam),
          save: (storage, answers) => saveAnswers(storage, userId, exam, answers),
        }
      : null;
  return useKept(slot, fresh);
}

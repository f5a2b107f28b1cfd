import { type Exam, ExamSchema, type Question, QuestionSchema } from '@ngso/shared/schemas/exam';
import { z } from 'zod';
import type { QueueStorage } from './queue-storage.ts';

/**
 * What the exam pages keep on the device so that they open with no connection
 * (docs/decisions/060-offline-exam-pages.md): the student's exam as the server last sent it (its window,
 * ends_at, submission) and, once the window has opened, its questions. Kept in the exam queue's
 * IndexedDB store beside the photos, one student's apart from another's, and read back through the
 * shared schemas (a record an older build wrote, or a damaged one, is simply not there).
 */
const examKey = (userId: string) => `offline:${userId}:exam`;
const questionsKey = (userId: string) => `offline:${userId}:questions`;

/** The questions belong to one window: a later exam on the same phone must never show them. */
const StoredQuestionsSchema = z.object({ startsAt: z.string(), questions: z.array(QuestionSchema) });

export function saveExam(storage: QueueStorage, userId: string, exam: Exam): Promise<void> {
  return storage.set(examKey(userId), exam);
}

export async function loadExam(storage: QueueStorage, userId: string): Promise<Exam | undefined> {
  const parsed = ExamSchema.safeParse(await storage.get(examKey(userId)));
  return parsed.success ? parsed.data : undefined;
}

export function saveQuestions(
  storage: QueueStorage,
  userId: string,
  exam: Pick<Exam, 'starts_at'>,
  questions: Question[],
): Promise<void> {
  return storage.set(questionsKey(userId), { startsAt: exam.starts_at, questions });
}

/** The questions kept for this exam's window, if the page saw them. */
export async function loadQuestions(
  storage: QueueStorage,
  userId: string,
  exam: Pick<Exam, 'starts_at'>,
): Promise<Question[] | undefined> {
  const parsed = StoredQuestionsSchema.safeParse(await storage.get(questionsKey(userId)));
  return parsed.success && parsed.data.startsAt === exam.starts_at ? parsed.data.questions : undefined;
}

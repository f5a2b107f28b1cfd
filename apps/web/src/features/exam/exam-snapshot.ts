import {
  AnswerSchema,
  type Exam,
  ExamSchema,
  LatePhotoSchema,
  type Question,
  QuestionSchema,
} from '@ngso/shared/schemas/exam';
import { z } from 'zod';
import type { QueueStorage } from './queue-storage.ts';
import type { ReceiptEntry } from './receipts.ts';
import type { LoadedAnswers } from './transport-contract.ts';

/**
 * What the exam pages keep on the device so that they open with no connection
 * (docs/decisions/060-offline-exam-pages.md): the student's exam as the server last sent it (its window,
 * ends_at, submission) and, once the window has opened, its questions; after it, the receipts and the
 * server's answers (where each photo is) the success page showed. Kept in the exam queue's
 * IndexedDB store beside the photos, one student's apart from another's, and read back through the
 * shared schemas (a record an older build wrote, or a damaged one, is simply not there).
 */
const examKey = (userId: string) => `offline:${userId}:exam`;

/**
 * A record that belongs to one exam window (a later exam on the same phone must never show it): kept under
 * `offline:<user>:<name>` with the window's start beside its fields, read back only for the same window.
 */
function windowRecord<Shape extends z.ZodRawShape>(name: string, shape: Shape) {
  const key = (userId: string) => `offline:${userId}:${name}`;
  const Stored = z.object({ startsAt: z.string(), ...shape });
  type Fields = z.infer<z.ZodObject<Shape>>;
  return {
    save: (storage: QueueStorage, userId: string, exam: Pick<Exam, 'starts_at'>, fields: Fields) =>
      storage.set(key(userId), { startsAt: exam.starts_at, ...fields }),
    async load(
      storage: QueueStorage,
      userId: string,
      exam: Pick<Exam, 'starts_at'>,
    ): Promise<Fields | undefined> {
      const parsed = Stored.safeParse(await storage.get(key(userId)));
      if (!parsed.success) return undefined;
      const { startsAt, ...fields } = parsed.data as { startsAt: string } & Fields;
      return startsAt === exam.starts_at ? (fields as Fields) : undefined;
    },
  };
}

const questionsRecord = windowRecord('questions', { questions: z.array(QuestionSchema) });
const receiptsRecord = windowRecord('receipts', {
  receipts: z.array(
    z.object({
      questionNumber: z.number(),
      questionId: z.string(),
      sha256: z.string(),
      code: z.string(),
      receipt: z.string(),
    }),
  ),
});
const answersRecord = windowRecord('answers', {
  answers: z.array(AnswerSchema),
  latePhotos: z.array(LatePhotoSchema),
});

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
  return questionsRecord.save(storage, userId, exam, { questions });
}

/** The questions kept for this exam's window, if the page saw them. */
export async function loadQuestions(
  storage: QueueStorage,
  userId: string,
  exam: Pick<Exam, 'starts_at'>,
): Promise<Question[] | undefined> {
  return (await questionsRecord.load(storage, userId, exam))?.questions;
}

/**
 * The addresses of the questions' diagrams at a phone's size, each once, for the service worker to keep
 * (the zoom size falls back to it offline). A paper's diagrams are inside it (`data:`) and need no keeping.
 */
export function diagramAddressesOf(questions: readonly Question[]): string[] {
  const addresses = questions.flatMap((question) => question.images.map((image) => image.url));
  return [...new Set(addresses.filter((address) => !address.startsWith('data:')))];
}

export function saveReceipts(
  storage: QueueStorage,
  userId: string,
  exam: Pick<Exam, 'starts_at'>,
  receipts: readonly ReceiptEntry[],
): Promise<void> {
  return receiptsRecord.save(storage, userId, exam, { receipts: [...receipts] });
}

/** The receipts the success page last showed for this exam's window, if it showed any. */
export async function loadReceipts(
  storage: QueueStorage,
  userId: string,
  exam: Pick<Exam, 'starts_at'>,
): Promise<ReceiptEntry[] | undefined> {
  return (await receiptsRecord.load(storage, userId, exam))?.receipts;
}

export function saveAnswers(
  storage: QueueStorage,
  userId: string,
  exam: Pick<Exam, 'starts_at'>,
  loaded: LoadedAnswers,
): Promise<void> {
  return answersRecord.save(storage, userId, exam, loaded);
}

/** The server's answers and late photos as the success page last had them for this window, if it had them. */
export async function loadAnswers(
  storage: QueueStorage,
  userId: string,
  exam: Pick<Exam, 'starts_at'>,
): Promise<LoadedAnswers | undefined> {
  return answersRecord.load(storage, userId, exam);
}

import type { Exam, Question } from '@ngso/shared/schemas/exam';
import { describe, expect, it } from 'vitest';
import {
  diagramAddressesOf,
  loadExam,
  loadQuestions,
  loadReceipts,
  saveExam,
  saveQuestions,
  saveReceipts,
} from './exam-snapshot.ts';
import { memoryStorage } from './queue-storage.ts';

const exam: Exam = {
  category: 'junior',
  starts_at: '2025-01-14T10:00:00.000Z',
  ends_at: '2025-01-14T11:00:00.000Z',
  duration_minutes: 60,
  total_questions: 1,
  total_marks: 10,
  phase: 'DURING_EXAM',
  submitted_at: null,
  delivery_ends_at: '2025-01-14T13:00:00.000Z',
  paper_from: '2025-01-14T09:45:00.000Z',
};

const question: Question = {
  id: 'q1',
  marks: 10,
  questionEnglish: 'Why is the sky blue?',
  questionBangla: 'আকাশ নীল কেন?',
  questionEnglishHtml: '<p>Why is the sky blue?</p>',
  questionBanglaHtml: '<p>আকাশ নীল কেন?</p>',
  images: [],
};

describe('the exam kept on the device', () => {
  it("keeps each student's exam apart", async () => {
    const storage = memoryStorage();
    await saveExam(storage, 'student-a', exam);
    expect(await loadExam(storage, 'student-a')).toEqual(exam);
    expect(await loadExam(storage, 'student-b')).toBeUndefined();
  });

  it('reads a damaged or older record as nothing kept', async () => {
    const storage = memoryStorage(new Map([['offline:student-a:exam', { category: 'junior' }]]));
    expect(await loadExam(storage, 'student-a')).toBeUndefined();
  });

  it('gives the questions back only for the window they were shown in', async () => {
    const storage = memoryStorage();
    await saveQuestions(storage, 'student-a', exam, [question]);
    expect(await loadQuestions(storage, 'student-a', exam)).toEqual([question]);
    // A later exam on the same phone: not this window's questions.
    expect(
      await loadQuestions(storage, 'student-a', { starts_at: '2026-01-14T10:00:00.000Z' }),
    ).toBeUndefined();
    expect(await loadQuestions(storage, 'student-b', exam)).toBeUndefined();
  });
});

describe("the questions' diagrams kept for an offline reload", () => {
  const diagram = (id: string, url: string) => ({
    id,
    url,
    zoom_url: `/api/v1/question-images/${id}/zoom`,
    width: 960,
    height: 540,
    alt_en: 'A circuit',
    alt_bn: 'একটি বর্তনী',
  });

  it("are the server's addresses at a phone's size, each once; a paper's own diagrams need no keeping", () => {
    const served = diagram('d1', '/api/v1/question-images/d1/phone');
    const questions: Question[] = [
      { ...question, id: 'q1', images: [served, diagram('d2', '/api/v1/question-images/d2/phone')] },
      { ...question, id: 'q2', images: [served, diagram('d3', 'data:image/jpeg;base64,/9j/4AAQ')] },
      { ...question, id: 'q3', images: [] },
    ];
    expect(diagramAddressesOf(questions)).toEqual([
      '/api/v1/question-images/d1/phone',
      '/api/v1/question-images/d2/phone',
    ]);
  });
});

describe('the receipts kept for the success page offline', () => {
  const receipt = {
    questionNumber: 2,
    questionId: 'q2',
    sha256: 'a'.repeat(64),
    code: 'K7QM-2XDA',
    receipt: 'v1.eyJrIjoiYSJ9.c2ln',
  };

  it("are one student's, for one window only", async () => {
    const storage = memoryStorage();
    await saveReceipts(storage, 'student-a', exam, [receipt]);
    expect(await loadReceipts(storage, 'student-a', exam)).toEqual([receipt]);
    expect(await loadReceipts(storage, 'student-b', exam)).toBeUndefined();
    expect(
      await loadReceipts(storage, 'student-a', { starts_at: '2026-01-14T10:00:00.000Z' }),
    ).toBeUndefined();
  });
});

import type { Exam, PaperContent } from '@ngso/shared/schemas/exam';

/**
 * The junior paper of the exam tests, as its content decrypts (and as the questions call answers): two
 * questions, 10 and 5 marks. `firstQuestion` is question 1's English text (an edit makes a new version).
 */
export function paperContent(version = 'v1', firstQuestion = 'What is light?'): PaperContent {
  return {
    category: 'junior',
    version,
    questions: [
      {
        id: 'q1',
        marks: 10,
        questionEnglish: firstQuestion,
        questionBangla: 'আলো কী?',
        questionEnglishHtml: `<p>${firstQuestion}</p>`,
        questionBanglaHtml: '<p>আলো কী?</p>',
        images: [],
      },
      {
        id: 'q2',
        marks: 5,
        questionEnglish: 'Why is the sky blue?',
        questionBangla: 'আকাশ নীল কেন?',
        questionEnglishHtml: '<p>Why is the sky blue?</p>',
        questionBanglaHtml: '<p>আকাশ নীল কেন?</p>',
        images: [],
      },
    ],
  };
}

/** The paper's questions (version 1). */
export const paperQuestions = paperContent().questions;

/**
 * The junior exam of this paper (two questions, 15 marks), open now: started `startedAgoMs` ago and
 * `durationMinutes` long; its paper out 15 minutes before the start, its photos taken an hour after the end.
 */
export function openPaperExam(startedAgoMs: number, durationMinutes: number): Exam {
  const iso = (ms: number) => new Date(ms).toISOString();
  const start = Date.now() - startedAgoMs;
  const end = start + durationMinutes * 60_000;
  return {
    category: 'junior',
    starts_at: iso(start),
    ends_at: iso(end),
    duration_minutes: durationMinutes,
    total_questions: 2,
    total_marks: 15,
    phase: 'DURING_EXAM',
    submitted_at: null,
    delivery_ends_at: iso(end + 60 * 60_000),
    paper_from: iso(start - 15 * 60_000),
  };
}

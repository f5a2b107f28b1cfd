import type { PaperContent } from '@ngso/shared/schemas/exam';

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

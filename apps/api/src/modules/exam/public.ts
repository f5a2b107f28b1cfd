/**
 * What other modules read of the exams, their questions and diagrams (decision 070): they import this
 * file, never the module's repositories.
 */
export { findExam, findQuestion, questionsOf } from './exam.repo.ts';
export { imagesOfQuestions } from './question-images.repo.ts';

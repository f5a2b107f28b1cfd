/**
 * What other modules read of the exams, their questions and diagrams, and the answers' photos (decision
 * 070): they import this file, never the module's repositories.
 */
export { outstandingPhotos, photoKey, photosOfQuestions, photosOfUsers } from './answer-photos.repo.ts';
export { findExam, findQuestion, questionsOf } from './exam.repo.ts';
export { imagesOfQuestions } from './question-images.repo.ts';

import type { Question } from '@ngso/shared/schemas/exam';

/** The practice exam: 10 minutes, two sample questions (site content; nothing is graded). */
export const PRACTICE_MINUTES = 10;

/**
 * Each question's HTML is what the server's question renderer writes for its source (a test of the API checks
 * it), so the practice exam shows a formula exactly as the real one does without shipping the renderer.
 */
export const PRACTICE_QUESTIONS: Question[] = [
  {
    id: 'practice-1',
    marks: 5,
    questionEnglish:
      'Why does ice float on water? Explain with the idea of density, and draw a labelled diagram.',
    questionBangla: 'বরফ কেন পানিতে ভাসে? ঘনত্বের ধারণা দিয়ে ব্যাখ্যা করো এবং একটি চিহ্নিত চিত্র আঁকো।',
    questionEnglishHtml:
      '<p>Why does ice float on water? Explain with the idea of density, and draw a labelled diagram.</p>',
    questionBanglaHtml: '<p>বরফ কেন পানিতে ভাসে? ঘনত্বের ধারণা দিয়ে ব্যাখ্যা করো এবং একটি চিহ্নিত চিত্র আঁকো।</p>',
    images: [],
  },
  {
    id: 'practice-2',
    marks: 5,
    questionEnglish:
      'A bicycle travels 150 metres in 30 seconds at a steady speed. Find its speed $v = \\frac{s}{t}$ in metres per second and in kilometres per hour. Show your working.',
    questionBangla:
      'একটি সাইকেল সমান গতিতে ৩০ সেকেন্ডে ১৫০ মিটার যায়। এর বেগ $v = \\frac{s}{t}$ মিটার/সেকেন্ড এবং কিলোমিটার/ঘণ্টা এককে নির্ণয় করো। সমাধানের ধাপগুলো দেখাও।',
    questionEnglishHtml:
      '<p>A bicycle travels 150 metres in 30 seconds at a steady speed. Find its speed <math><mrow><mi>v</mi><mo>=</mo><mfrac><mi>s</mi><mi>t</mi></mfrac></mrow></math> in metres per second and in kilometres per hour. Show your working.</p>',
    questionBanglaHtml:
      '<p>একটি সাইকেল সমান গতিতে ৩০ সেকেন্ডে ১৫০ মিটার যায়। এর বেগ <math><mrow><mi>v</mi><mo>=</mo><mfrac><mi>s</mi><mi>t</mi></mfrac></mrow></math> মিটার/সেকেন্ড এবং কিলোমিটার/ঘণ্টা এককে নির্ণয় করো। সমাধানের ধাপগুলো দেখাও।</p>',
    images: [],
  },
];

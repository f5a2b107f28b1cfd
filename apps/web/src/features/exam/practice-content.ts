import type { Question } from '@ngso/shared/schemas/exam';

/** The practice exam: 10 minutes, two sample questions (site content; nothing is graded). */
export const PRACTICE_MINUTES = 10;

export const PRACTICE_QUESTIONS: Question[] = [
  {
    id: 'practice-1',
    marks: 5,
    questionEnglish:
      'Why does ice float on water? Explain with the idea of density, and draw a labelled diagram.',
    questionBangla: 'বরফ কেন পানিতে ভাসে? ঘনত্বের ধারণা দিয়ে ব্যাখ্যা করো এবং একটি চিহ্নিত চিত্র আঁকো।',
  },
  {
    id: 'practice-2',
    marks: 5,
    questionEnglish:
      'A bicycle travels 150 metres in 30 seconds at a steady speed. Find its speed in metres per second and in kilometres per hour. Show your working.',
    questionBangla:
      'একটি সাইকেল সমান গতিতে ৩০ সেকেন্ডে ১৫০ মিটার যায়। এর বেগ মিটার/সেকেন্ড এবং কিলোমিটার/ঘণ্টা এককে নির্ণয় করো। সমাধানের ধাপগুলো দেখাও।',
  },
];

import type { Category } from './schemas.ts';

/** The three competition categories (spec section 3), each shown with its share of participants. */
export const categories: readonly Category[] = [
  {
    id: 'junior',
    title: { en: 'Junior (Grades 6-8)' },
    description: { en: 'General science for students of grades 6 to 8.' },
    participantPercentage: 34.1,
  },
  {
    id: 'senior',
    title: { en: 'Senior (Grades 9-10)' },
    description: { en: 'Advanced science for students of grades 9 and 10.' },
    participantPercentage: 39.5,
  },
  {
    id: 'secondary',
    title: { en: 'Secondary (Grades 11-12)' },
    description: { en: 'Specialised topics for students of grades 11 and 12.' },
    participantPercentage: 26.4,
  },
];

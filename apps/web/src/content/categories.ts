import type { Category } from './schemas.ts';

/** The three competition categories (spec section 3), each shown with its share of participants. */
export const categories: readonly Category[] = [
  {
    id: 'junior',
    title: { en: 'Junior (Grades 6-8)', bn: 'জুনিয়র (৬ষ্ঠ-৮ম শ্রেণি)' },
    description: {
      en: 'General science for students of grades 6 to 8.',
      bn: '৬ষ্ঠ থেকে ৮ম শ্রেণির শিক্ষার্থীদের জন্য সাধারণ বিজ্ঞান।',
    },
    participantPercentage: 34.1,
  },
  {
    id: 'senior',
    title: { en: 'Senior (Grades 9-10)', bn: 'সিনিয়র (৯ম-১০ম শ্রেণি)' },
    description: {
      en: 'Advanced science for students of grades 9 and 10.',
      bn: '৯ম ও ১০ম শ্রেণির শিক্ষার্থীদের জন্য উচ্চতর বিজ্ঞান।',
    },
    participantPercentage: 39.5,
  },
  {
    id: 'secondary',
    title: { en: 'Secondary (Grades 11-12)', bn: 'সেকেন্ডারি (১১শ-১২শ শ্রেণি)' },
    description: {
      en: 'Specialised topics for students of grades 11 and 12.',
      bn: '১১শ ও ১২শ শ্রেণির শিক্ষার্থীদের জন্য বিশেষায়িত বিষয়।',
    },
    participantPercentage: 26.4,
  },
];

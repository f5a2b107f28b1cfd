import type { Statistic } from './schemas.ts';

/** The three figures of the home page's counters and the About page (spec sections 1 and 3). */
export const statistics: readonly Statistic[] = [
  {
    id: 'registrations',
    number: 15000,
    label: { en: 'Total Registrations', bn: 'মোট নিবন্ধন' },
    subtitle: { en: 'From across the country', bn: 'সারা দেশ থেকে' },
  },
  {
    id: 'participants',
    number: 12000,
    label: { en: 'Active Participants', bn: 'সক্রিয় অংশগ্রহণকারী' },
    subtitle: { en: 'In preliminary rounds', bn: 'প্রাথমিক পর্বগুলোতে' },
  },
  {
    id: 'finalists',
    number: 1500,
    label: { en: 'National Finalists', bn: 'জাতীয় পর্বের ফাইনালিস্ট' },
    subtitle: { en: 'Competing for top positions', bn: 'সেরা স্থানগুলোর জন্য লড়ছে' },
  },
];

import type { Statistic } from './schemas.ts';

/** The three figures of the home page's counters and the About page (spec sections 1 and 3). */
export const statistics: readonly Statistic[] = [
  {
    id: 'registrations',
    number: 15000,
    label: { en: 'Total Registrations' },
    subtitle: { en: 'From across the country' },
  },
  {
    id: 'participants',
    number: 12000,
    label: { en: 'Active Participants' },
    subtitle: { en: 'In preliminary rounds' },
  },
  {
    id: 'finalists',
    number: 1500,
    label: { en: 'National Finalists' },
    subtitle: { en: 'Competing for top positions' },
  },
];

import type { SiteEvent } from './schemas.ts';

/** The Events page's grid (spec section 2): one upcoming competition, dates kept verbatim. */
export const events: readonly SiteEvent[] = [
  {
    id: 'national-general-science-festival',
    title: { en: 'National General Science Festival', bn: 'জাতীয় সাধারণ বিজ্ঞান উৎসব' },
    description: {
      en: 'A day of olympiad rounds, experiments and science talks for students of grades 6 to 12.',
      bn: '৬ষ্ঠ থেকে ১২শ শ্রেণির শিক্ষার্থীদের জন্য অলিম্পিয়াড, পরীক্ষা-নিরীক্ষা আর বিজ্ঞান আলোচনায় ভরা একটি দিন।',
    },
    status: 'upcoming',
    category: 'competition',
    startsAt: '2024-01-10T09:00:00+06:00',
    endsAt: '2024-01-10T17:00:00+06:00',
    location: { en: 'A university campus', bn: 'একটি বিশ্ববিদ্যালয় ক্যাম্পাস' },
  },
];

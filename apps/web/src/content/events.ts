import type { SiteEvent } from './schemas.ts';

/** The Events page's grid (spec section 2): one upcoming competition, dates kept verbatim. */
export const events: readonly SiteEvent[] = [
  {
    id: 'national-general-science-festival',
    title: { en: 'National General Science Festival' },
    description: {
      en: 'A day of olympiad rounds, experiments and science talks for students of grades 6 to 12.',
    },
    status: 'upcoming',
    category: 'competition',
    startsAt: '2024-01-10T09:00:00+06:00',
    endsAt: '2024-01-10T17:00:00+06:00',
    location: { en: 'A university campus' },
  },
];

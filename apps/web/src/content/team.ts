import type { Team } from './schemas.ts';

/**
 * The Team page. `showMembers` is false: the page shows Under Construction and the department filter
 * with these placeholder members stays hidden until the organisers publish the real team.
 */
export const team: Team = {
  showMembers: false,
  departments: [
    { id: 'management', name: { en: 'Management', bn: 'ব্যবস্থাপনা' } },
    { id: 'academic', name: { en: 'Academic', bn: 'একাডেমিক' } },
    { id: 'technology', name: { en: 'Technology', bn: 'প্রযুক্তি' } },
  ],
  members: [
    {
      id: 'member-1',
      name: { en: 'Team Member One', bn: 'টিম সদস্য এক' },
      role: { en: 'Coordinator', bn: 'সমন্বয়ক' },
      department: 'management',
    },
    {
      id: 'member-2',
      name: { en: 'Team Member Two', bn: 'টিম সদস্য দুই' },
      role: { en: 'Question Setter', bn: 'প্রশ্নপ্রণেতা' },
      department: 'academic',
    },
    {
      id: 'member-3',
      name: { en: 'Team Member Three', bn: 'টিম সদস্য তিন' },
      role: { en: 'Reviewer', bn: 'পর্যালোচক' },
      department: 'academic',
    },
    {
      id: 'member-4',
      name: { en: 'Team Member Four', bn: 'টিম সদস্য চার' },
      role: { en: 'Developer', bn: 'ডেভেলপার' },
      department: 'technology',
    },
  ],
};

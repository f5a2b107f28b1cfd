import type { Team } from './schemas.ts';

/**
 * The Team page. `showMembers` is false: the page shows Under Construction and the department filter
 * with these placeholder members stays hidden until the organisers publish the real team.
 */
export const team: Team = {
  showMembers: false,
  departments: [
    { id: 'management', name: { en: 'Management' } },
    { id: 'academic', name: { en: 'Academic' } },
    { id: 'technology', name: { en: 'Technology' } },
  ],
  members: [
    {
      id: 'member-1',
      name: { en: 'Team Member One' },
      role: { en: 'Coordinator' },
      department: 'management',
    },
    {
      id: 'member-2',
      name: { en: 'Team Member Two' },
      role: { en: 'Question Setter' },
      department: 'academic',
    },
    { id: 'member-3', name: { en: 'Team Member Three' }, role: { en: 'Reviewer' }, department: 'academic' },
    { id: 'member-4', name: { en: 'Team Member Four' }, role: { en: 'Developer' }, department: 'technology' },
  ],
};

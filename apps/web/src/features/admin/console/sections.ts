import type { Role } from '@ngso/shared/constants';

/** The console's sections, in the side navigation's order, and the roles that may use each. */
export const SECTIONS = [
  { id: 'dashboard', roles: ['admin'] },
  { id: 'registrations', roles: ['admin'] },
  { id: 'exam', roles: ['admin'] },
  { id: 'grading', roles: ['admin', 'grader'] },
  { id: 'results', roles: ['admin', 'grader'] },
  { id: 'rechecks', roles: ['admin', 'grader'] },
  { id: 'arrivals', roles: ['admin'] },
  { id: 'latePhotos', roles: ['admin'] },
  // Grading stays blind: graders never see which answers look alike (decision 065).
  { id: 'lookAlikes', roles: ['admin'] },
  { id: 'import', roles: ['admin'] },
  { id: 'ebooks', roles: ['admin'] },
  { id: 'tutorials', roles: ['admin'] },
  { id: 'announcements', roles: ['admin'] },
  { id: 'users', roles: ['admin'] },
  { id: 'audit', roles: ['admin'] },
  { id: 'competitions', roles: ['admin'] },
] as const satisfies readonly { id: string; roles: readonly Role[] }[];

export type SectionId = (typeof SECTIONS)[number]['id'];

export const canUse = (role: Role | undefined, section: SectionId): boolean =>
  SECTIONS.some((entry) => entry.id === section && (entry.roles as readonly string[]).includes(role ?? ''));

export const sectionsFor = (role: Role | undefined) => SECTIONS.filter((entry) => canUse(role, entry.id));

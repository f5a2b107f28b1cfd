import { isStaff } from '@ngso/shared/constants';
import { describe, expect, it } from 'vitest';
import { canUse, sectionsFor } from './sections.ts';

describe('console sections by role', () => {
  it('gives admins every section and graders grading, results and their re-checks', () => {
    expect(sectionsFor('admin').map((section) => section.id)).toEqual([
      'dashboard',
      'registrations',
      'exam',
      'grading',
      'results',
      'rechecks',
      'arrivals',
      'latePhotos',
      'lookAlikes',
      'import',
      'ebooks',
      'tutorials',
      'announcements',
      'users',
      'audit',
      'competitions',
    ]);
    expect(sectionsFor('grader').map((section) => section.id)).toEqual(['grading', 'results', 'rechecks']);
    expect(sectionsFor('student')).toEqual([]);
    // Graders check entrants in at the door (the admit card's page), but the arrivals lists are for admins.
    expect(canUse('grader', 'arrivals')).toBe(false);
    expect(canUse('grader', 'lookAlikes')).toBe(false);
  });

  it('knows staff', () => {
    expect(isStaff('admin')).toBe(true);
    expect(isStaff('grader')).toBe(true);
    expect(isStaff('student')).toBe(false);
    expect(isStaff(undefined)).toBe(false);
    expect(canUse('grader', 'registrations')).toBe(false);
    expect(canUse('grader', 'latePhotos')).toBe(false);
    expect(canUse('grader', 'announcements')).toBe(false);
    expect(canUse('admin', 'announcements')).toBe(true);
  });
});

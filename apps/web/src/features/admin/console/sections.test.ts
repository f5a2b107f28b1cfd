import { describe, expect, it } from 'vitest';
import { canUse, isStaff, sectionsFor } from './sections.ts';

describe('console sections by role', () => {
  it('gives admins every section and graders only grading and results', () => {
    expect(sectionsFor('admin').map((section) => section.id)).toEqual([
      'dashboard',
      'registrations',
      'exam',
      'grading',
      'results',
      'latePhotos',
      'import',
      'ebooks',
      'tutorials',
      'announcements',
      'users',
      'audit',
      'competitions',
    ]);
    expect(sectionsFor('grader').map((section) => section.id)).toEqual(['grading', 'results']);
    expect(sectionsFor('student')).toEqual([]);
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

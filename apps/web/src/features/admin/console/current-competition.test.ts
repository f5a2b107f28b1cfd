import { afterEach, describe, expect, it } from 'vitest';
import { chooseCompetition, currentCompetition, DEFAULT_COMPETITION, scoped } from './current-competition.ts';

afterEach(() => chooseCompetition(DEFAULT_COMPETITION));

describe('the console competition', () => {
  it('leaves the default competition out of addresses and names any other', () => {
    expect(scoped('v1/admin/stats')).toBe('v1/admin/stats');
    chooseCompetition('ngso-2');
    expect(currentCompetition()).toBe('ngso-2');
    expect(scoped('v1/admin/stats')).toBe('v1/admin/stats?competition=ngso-2');
    expect(scoped('v1/admin/questions?category=junior')).toBe(
      'v1/admin/questions?category=junior&competition=ngso-2',
    );
  });

  it('is remembered in this browser', () => {
    chooseCompetition('ngso-3');
    expect(window.localStorage.getItem('ngso.admin.competition')).toBe('ngso-3');
  });
});

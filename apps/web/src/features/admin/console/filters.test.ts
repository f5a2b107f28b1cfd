import { describe, expect, it } from 'vitest';
import {
  filtersFromSearch,
  filtersToSearch,
  pageCount,
  registrationListQuery,
  registrationsCsvHref,
} from './filters.ts';

describe('registration filters and the query string', () => {
  it('reads valid filters and drops invalid ones', () => {
    expect(
      filtersFromSearch(
        new URLSearchParams('status=pending&category=senior&division=Dhaka&q=%20TX12%20&page=3'),
      ),
    ).toEqual({ status: 'pending', category: 'senior', division: 'Dhaka', q: 'TX12', page: 3 });
    expect(
      filtersFromSearch(new URLSearchParams('status=deleted&category=adult&q=%20&page=-2&division=')),
    ).toEqual({ status: undefined, category: undefined, division: undefined, q: undefined, page: 1 });
    expect(filtersFromSearch(new URLSearchParams('page=1.5')).page).toBe(1);
  });

  it('writes only the filters that are set, and the page only past the first', () => {
    expect(filtersToSearch({ status: 'approved', q: ' nusrat ', page: 1 }).toString()).toBe(
      'status=approved&q=nusrat',
    );
    expect(filtersToSearch({ category: 'junior', division: 'Rajshahi', page: 2 }).toString()).toBe(
      'category=junior&division=Rajshahi&page=2',
    );
    expect(filtersToSearch({ page: 1 }).toString()).toBe('');
  });

  it('round-trips', () => {
    const filters = {
      status: 'rejected',
      category: 'secondary',
      division: 'Sylhet',
      q: 'a@b.c',
      page: 4,
    } as const;
    expect(filtersFromSearch(filtersToSearch(filters))).toEqual(filters);
  });

  it('asks the list for a page and a page size', () => {
    expect(registrationListQuery({ status: 'pending', page: 1 })).toBe('status=pending&page=1&per_page=50');
    expect(registrationListQuery({ q: 'রহিম', page: 2 }, 20)).toBe(
      `q=${encodeURIComponent('রহিম')}&page=2&per_page=20`,
    );
  });

  it('exports every matching row: the CSV link has the filters but no page', () => {
    expect(registrationsCsvHref({ status: 'approved', division: 'Khulna', page: 5 })).toBe(
      '/api/v1/admin/registrations.csv?status=approved&division=Khulna',
    );
    expect(registrationsCsvHref({ page: 1 })).toBe('/api/v1/admin/registrations.csv');
  });

  it('counts pages', () => {
    expect(pageCount(0, 50)).toBe(1);
    expect(pageCount(50, 50)).toBe(1);
    expect(pageCount(51, 50)).toBe(2);
  });
});

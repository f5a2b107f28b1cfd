import { CATEGORIES, type Category } from '@ngso/shared/constants';
import { PAYMENT_MATCH_FILTERS } from '@ngso/shared/schemas/registration';
import { scoped } from './current-competition.ts';

export const REGISTRATION_STATUS_FILTERS = ['pending', 'approved', 'rejected'] as const;
export type RegistrationStatusFilter = (typeof REGISTRATION_STATUS_FILTERS)[number];

export const DEFAULT_PER_PAGE = 50;

/** The registrations table's filters, kept in the page's address so a reload or a shared link keeps them. */
export type RegistrationFilters = {
  status?: RegistrationStatusFilter;
  category?: Category;
  division?: string;
  q?: string;
  /** Whether a reconciled payment statement matched the registration. */
  payment?: (typeof PAYMENT_MATCH_FILTERS)[number];
  page: number;
};

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((candidate) => candidate === value);

/** Reads the filters from a query string, dropping anything invalid. */
export function filtersFromSearch(search: URLSearchParams): RegistrationFilters {
  const page = Number(search.get('page'));
  const division = search.get('division')?.trim();
  const q = search.get('q')?.trim();
  return {
    status: oneOf(REGISTRATION_STATUS_FILTERS, search.get('status')),
    category: oneOf(CATEGORIES, search.get('category')),
    division: division ? division : undefined,
    q: q ? q : undefined,
    payment: oneOf(PAYMENT_MATCH_FILTERS, search.get('payment')),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/**
 * The filters as a query string, empty ones left out; `page` only when past the first. With
 * `forExport`, no page: the CSV export takes every matching row.
 */
export function filtersToSearch(filters: Partial<RegistrationFilters>, forExport = false): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.status) search.set('status', filters.status);
  if (filters.category) search.set('category', filters.category);
  const division = filters.division?.trim();
  if (division) search.set('division', division);
  const q = filters.q?.trim();
  if (q) search.set('q', q);
  if (filters.payment) search.set('payment', filters.payment);
  if (!forExport && filters.page && filters.page > 1) search.set('page', String(filters.page));
  return search;
}

/** The list call's parameters: the filters plus the page size. */
export function registrationListQuery(filters: RegistrationFilters, perPage = DEFAULT_PER_PAGE): string {
  const search = filtersToSearch(filters);
  search.set('page', String(filters.page));
  search.set('per_page', String(perPage));
  return search.toString();
}

/** The CSV export's address with the current filters (a plain link: the cookie goes with it). */
export function registrationsCsvHref(filters: RegistrationFilters): string {
  const query = filtersToSearch(filters, true).toString();
  return `/api/${scoped(`v1/admin/registrations.csv${query ? `?${query}` : ''}`)}`;
}

/** How many pages `total` rows fill. */
export const pageCount = (total: number, perPage: number) => Math.max(1, Math.ceil(total / perPage));

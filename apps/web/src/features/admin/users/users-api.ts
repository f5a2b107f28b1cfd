import type { Role } from '@ngso/shared/constants';
import { adminApi, data, type Paged, paged } from '../api.ts';

export type AdminUser = {
  id: string;
  name: string;
  email: string;
  phone_number: string | null;
  role: Role;
  email_verified: boolean;
  two_factor: boolean;
  /** 100 wrong codes in a row locked it (decision 066) until another admin unlocks it. */
  two_factor_locked: boolean;
  created_at: string;
};
export type AuditEntry = {
  id: number;
  actor_id: string | null;
  actor_email: string | null;
  action: string;
  target_type: string;
  target_id: string | null;
  before: unknown;
  after: unknown;
  created_at: string;
};

/** The users' and audit log's calls (/v1/admin/users, audit): the list, roles, sessions, the log. */
export const usersAdminApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    adminUsers: build.query<Paged<AdminUser>, { q: string; page: number }>({
      query: ({ q, page }) =>
        `v1/admin/users?${new URLSearchParams({ q, page: String(page), per_page: '20' })}`,
      transformResponse: paged<AdminUser>,
      providesTags: ['AdminUsers'],
    }),
    changeRole: build.mutation<AdminUser, { id: string; role: Role }>({
      query: ({ id, role }) => ({
        url: `v1/admin/users/${encodeURIComponent(id)}/role`,
        method: 'PUT',
        body: { role },
      }),
      transformResponse: data<AdminUser>,
      invalidatesTags: ['AdminUsers', 'AdminAudit'],
    }),
    endSessions: build.mutation<void, string>({
      query: (id) => ({ url: `v1/admin/users/${encodeURIComponent(id)}/sessions/end`, method: 'POST' }),
      invalidatesTags: ['AdminAudit'],
    }),
    audit: build.query<Paged<AuditEntry>, { action: string; page: number }>({
      query: ({ action, page }) => {
        const search = new URLSearchParams({ page: String(page), per_page: '50' });
        if (action.trim()) search.set('action', action.trim());
        return `v1/admin/audit?${search}`;
      },
      transformResponse: paged<AuditEntry>,
      providesTags: ['AdminAudit'],
    }),
  }),
});

export const {
  useAdminUsersQuery,
  useLazyAdminUsersQuery,
  useChangeRoleMutation,
  useEndSessionsMutation,
  useAuditQuery,
} = usersAdminApi;

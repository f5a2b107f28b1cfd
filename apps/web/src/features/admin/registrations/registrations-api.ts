import type { AdminRegistration, ReconciliationReport } from '@ngso/shared/schemas/registration';
import { adminApi, data, type Paged, paged } from '../api.ts';
import { scoped } from '../console/current-competition.ts';
import { type RegistrationFilters, registrationListQuery } from '../console/filters.ts';

export type Decision = {
  id: string;
  registration_status: 'pending' | 'approved' | 'rejected';
  roll_number: string | null;
  rejection_reason: string | null;
};
export type BulkResult = { approved: string[]; skipped: { id: string; reason: string }[] };

/** The registrations' calls (/v1/admin/registrations): the list, approve, reject, bulk approve, payments. */
export const registrationsAdminApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    adminRegistrations: build.query<Paged<AdminRegistration>, RegistrationFilters>({
      query: (filters) => scoped(`v1/admin/registrations?${registrationListQuery(filters)}`),
      transformResponse: paged<AdminRegistration>,
      providesTags: ['AdminRegistrations'],
    }),
    approveRegistration: build.mutation<Decision, string>({
      query: (id) => ({ url: `v1/admin/registrations/${encodeURIComponent(id)}/approve`, method: 'POST' }),
      transformResponse: data<Decision>,
      invalidatesTags: ['AdminRegistrations', 'AdminStats'],
    }),
    rejectRegistration: build.mutation<Decision, { id: string; reason: string }>({
      query: ({ id, reason }) => ({
        url: `v1/admin/registrations/${encodeURIComponent(id)}/reject`,
        method: 'POST',
        body: { reason },
      }),
      transformResponse: data<Decision>,
      invalidatesTags: ['AdminRegistrations', 'AdminStats'],
    }),
    bulkApprove: build.mutation<BulkResult, string[]>({
      query: (ids) => ({ url: 'v1/admin/registrations/bulk-approve', method: 'POST', body: { ids } }),
      transformResponse: data<BulkResult>,
      invalidatesTags: ['AdminRegistrations', 'AdminStats'],
    }),
    reconcilePayments: build.mutation<ReconciliationReport, File>({
      query: (file) => {
        const body = new FormData();
        body.append('file', file);
        return { url: scoped('v1/admin/registrations/reconcile'), method: 'POST', body };
      },
      transformResponse: data<ReconciliationReport>,
      invalidatesTags: ['AdminRegistrations'],
    }),
  }),
});

export const {
  useAdminRegistrationsQuery,
  useApproveRegistrationMutation,
  useRejectRegistrationMutation,
  useBulkApproveMutation,
  useReconcilePaymentsMutation,
} = registrationsAdminApi;

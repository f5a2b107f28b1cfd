import type {
  AdminRecheck,
  DecideRecheck,
  GraderRecheck,
  RecheckGrader,
  RecheckSettings,
} from '@ngso/shared/schemas/rechecks';
import { adminApi } from '../api.ts';
import { scoped } from '../console/current-competition.ts';

type Data<T> = { data: T };
const data = <T>(response: Data<T>) => response.data;

const api = adminApi.enhanceEndpoints({ addTagTypes: ['AdminRechecks', 'RecheckSettings', 'MyRechecks'] });

/** Re-checks in the console (/v1/admin/rechecks): settings, the queue and assigning (admins), deciding (graders). */
export const adminRechecksApi = api.injectEndpoints({
  endpoints: (build) => ({
    recheckSettings: build.query<RecheckSettings, string>({
      query: (competition) => scoped('v1/admin/rechecks/settings', competition),
      transformResponse: data<RecheckSettings>,
      providesTags: ['RecheckSettings'],
    }),
    saveRecheckSettings: build.mutation<RecheckSettings, { competition: string; settings: RecheckSettings }>({
      query: ({ competition, settings }) => ({
        url: scoped('v1/admin/rechecks/settings', competition),
        method: 'PUT',
        body: settings,
      }),
      transformResponse: data<RecheckSettings>,
      invalidatesTags: ['RecheckSettings', 'AdminAudit'],
    }),
    recheckQueue: build.query<AdminRecheck[], { competition: string; status: string }>({
      query: ({ competition, status }) =>
        scoped(`v1/admin/rechecks${status ? `?status=${encodeURIComponent(status)}` : ''}`, competition),
      transformResponse: data<AdminRecheck[]>,
      providesTags: ['AdminRechecks'],
    }),
    recheckGraders: build.query<RecheckGrader[], void>({
      query: () => 'v1/admin/rechecks/graders',
      transformResponse: data<RecheckGrader[]>,
    }),
    assignRecheck: build.mutation<AdminRecheck, { id: string; grader_id: string }>({
      query: ({ id, grader_id }) => ({
        url: `v1/admin/rechecks/${encodeURIComponent(id)}/assign`,
        method: 'POST',
        body: { grader_id },
      }),
      transformResponse: data<AdminRecheck>,
      invalidatesTags: ['AdminRechecks', 'MyRechecks', 'AdminAudit'],
    }),
    rechecksToDecide: build.query<GraderRecheck[], void>({
      query: () => 'v1/admin/rechecks/assigned',
      transformResponse: data<GraderRecheck[]>,
      providesTags: ['MyRechecks'],
    }),
    decideRecheck: build.mutation<AdminRecheck, DecideRecheck & { id: string }>({
      query: ({ id, ...body }) => ({
        url: `v1/admin/rechecks/${encodeURIComponent(id)}/decision`,
        method: 'POST',
        body,
      }),
      transformResponse: data<AdminRecheck>,
      invalidatesTags: ['AdminRechecks', 'MyRechecks', 'AdminResults', 'AdminAudit'],
    }),
  }),
});

export const {
  useRecheckSettingsQuery,
  useSaveRecheckSettingsMutation,
  useRecheckQueueQuery,
  useRecheckGradersQuery,
  useAssignRecheckMutation,
  useRechecksToDecideQuery,
  useDecideRecheckMutation,
} = adminRechecksApi;

import type { DashboardStats } from '@ngso/shared/schemas/dashboard';
import { adminApi, data } from '../api.ts';
import { scoped } from '../console/current-competition.ts';

export type AdminStats = DashboardStats;

/** The dashboard's counts (/v1/admin/stats). */
export const dashboardApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    adminStats: build.query<AdminStats, void>({
      query: () => scoped('v1/admin/stats'),
      transformResponse: data<AdminStats>,
      providesTags: ['AdminStats'],
    }),
  }),
});

export const { useAdminStatsQuery } = dashboardApi;

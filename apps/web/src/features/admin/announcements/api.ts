import type {
  AdminAnnouncement,
  AnnouncementInput,
  AnnouncementSegment,
} from '@ngso/shared/schemas/announcements';
import { adminApi } from '../api.ts';
import { scoped } from '../console/current-competition.ts';

type Data<T> = { data: T };
const data = <T>(response: Data<T>) => response.data;
const LIST = { type: 'AdminAnnouncements' as const, id: 'LIST' };

const api = adminApi.enhanceEndpoints({ addTagTypes: ['AdminAnnouncements'] });

/** The organisers' announcement calls (/v1/admin/announcements...): the list, the preview's count, send. */
export const announcementsAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminAnnouncements: build.query<AdminAnnouncement[], string>({
      query: (competition) => scoped('v1/admin/announcements', competition),
      transformResponse: data<AdminAnnouncement[]>,
      providesTags: [LIST],
    }),
    previewAnnouncement: build.mutation<number, { competition: string; segment: AnnouncementSegment }>({
      query: ({ competition, segment }) => ({
        url: scoped('v1/admin/announcements/preview', competition),
        method: 'POST',
        body: { segment },
      }),
      transformResponse: (response: Data<{ recipients: number }>) => response.data.recipients,
    }),
    sendAnnouncement: build.mutation<AdminAnnouncement, AnnouncementInput & { competition: string }>({
      query: ({ competition, ...body }) => ({
        url: scoped('v1/admin/announcements', competition),
        method: 'POST',
        body,
      }),
      transformResponse: data<AdminAnnouncement>,
      invalidatesTags: [LIST, 'AdminAudit'],
    }),
  }),
});

export const { useAdminAnnouncementsQuery, usePreviewAnnouncementMutation, useSendAnnouncementMutation } =
  announcementsAdminApi;

import type { Announcement, AnnouncementsResponse } from '@ngso/shared/schemas/announcements';
import { baseApi } from '../../lib/api.ts';

/** The signed-in student's notices from the organisers (decision 032): their own, unread first. */
export const announcementsApi = baseApi.enhanceEndpoints({ addTagTypes: ['Announcements'] }).injectEndpoints({
  endpoints: (build) => ({
    getAnnouncements: build.query<Announcement[], void>({
      query: () => 'v1/announcements',
      transformResponse: (response: AnnouncementsResponse) => response.data,
      providesTags: ['Announcements'],
    }),
    /** Marks one read: it leaves the profile at once, and the list is loaded again. */
    markAnnouncementRead: build.mutation<{ read_at: string | null }, string>({
      query: (id) => ({ url: `v1/announcements/${encodeURIComponent(id)}/read`, method: 'POST' }),
      transformResponse: (response: { data: { read_at: string | null } }) => response.data,
      invalidatesTags: ['Announcements'],
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(
            announcementsApi.util.updateQueryData('getAnnouncements', undefined, (list) => {
              for (const notice of list) if (notice.id === id) notice.read_at = data.read_at;
            }),
          );
        } catch {
          // The notice stays, and the card says it could not be marked.
        }
      },
    }),
  }),
});

export const { useGetAnnouncementsQuery, useMarkAnnouncementReadMutation } = announcementsApi;

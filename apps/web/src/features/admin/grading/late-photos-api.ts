import type { Category } from '@ngso/shared/constants';
import type { AdminLatePhoto } from '@ngso/shared/schemas/results';
import { adminApi } from '../api.ts';
import { scoped } from '../console/current-competition.ts';

/** A category of a competition (the key of the cached list: switching competition reads it afresh). */
export type LatePhotosOf = { competition: string; category: Category };
/** A page of a category's late photos. */
export type LatePhotosPage = LatePhotosOf & { page: number };
export type LatePhotosList = {
  data: AdminLatePhoto[];
  meta: { page: number; per_page: number; total: number; pending: number };
};
export const LATE_PHOTOS_PER_PAGE = 20;

export type LatePhotoDecisionInput = LatePhotosOf & {
  user_id: string;
  sha256: string;
  decision: 'accepted' | 'rejected';
};

type Data<T> = { data: T };
const data = <T>(response: Data<T>) => response.data;

const api = adminApi.enhanceEndpoints({ addTagTypes: ['AdminLatePhotos'] });

/** The organisers' review of late photos (/v1/admin/late-photos): the list per category, and decisions. */
export const latePhotosApi = api.injectEndpoints({
  endpoints: (build) => ({
    latePhotos: build.query<LatePhotosList, LatePhotosPage>({
      query: ({ competition, category, page }) =>
        scoped(
          `v1/admin/late-photos/${category}?${new URLSearchParams({
            page: String(page),
            per_page: String(LATE_PHOTOS_PER_PAGE),
          })}`,
          competition,
        ),
      providesTags: (_result, _error, { category }) => [{ type: 'AdminLatePhotos', id: category }],
    }),
    decideLatePhoto: build.mutation<AdminLatePhoto, LatePhotoDecisionInput & { page: number }>({
      query: ({ competition, category: _category, page: _page, ...body }) => ({
        url: scoped('v1/admin/late-photos/decision', competition),
        method: 'POST',
        body,
      }),
      transformResponse: data<AdminLatePhoto>,
      // The list shows the decision at once; an accepted photo changes the answer graders see.
      async onQueryStarted({ competition, category, page }, { dispatch, queryFulfilled }) {
        const { data: decided } = await queryFulfilled.catch(() => ({ data: null }));
        if (!decided) return;
        dispatch(
          latePhotosApi.util.updateQueryData('latePhotos', { competition, category, page }, (list) => {
            const before = list.data.find(
              (photo) => photo.user_id === decided.user_id && photo.sha256 === decided.sha256,
            );
            if (before?.decision === 'pending' && decided.decision !== 'pending') list.meta.pending -= 1;
            list.data = list.data.map((photo) => (photo === before ? decided : photo));
          }),
        );
      },
      invalidatesTags: (result, _error, { category }) =>
        result
          ? [{ type: 'AdminSubmissions', id: category }, { type: 'AdminResults', id: category }, 'AdminAudit']
          : [],
    }),
  }),
});

export const { useLatePhotosQuery, useDecideLatePhotoMutation } = latePhotosApi;

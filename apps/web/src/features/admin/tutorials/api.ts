import {
  type AdminTutorial,
  AdminTutorialResponseSchema,
  type TutorialInput,
} from '@ngso/shared/schemas/tutorials';
import { apiBaseUrl } from '../../../lib/base-query.ts';
import { MediaError } from '../../../lib/media/media-error.ts';
import { sendFile } from '../../../lib/media/upload.ts';
import { adminApi } from '../api.ts';

type Data<T> = { data: T };
const data = <T>(response: Data<T>) => response.data;
const tutorialPath = (id: string) => `v1/admin/tutorials/${encodeURIComponent(id)}`;
const LIST = { type: 'AdminTutorials' as const, id: 'LIST' };

const api = adminApi.enhanceEndpoints({ addTagTypes: ['AdminTutorials'] });

/** The organisers' tutorial calls (/v1/admin/tutorials...): the list, add, edit, remove. */
export const tutorialsAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminTutorials: build.query<AdminTutorial[], void>({
      query: () => 'v1/admin/tutorials',
      transformResponse: data<AdminTutorial[]>,
      providesTags: [LIST],
    }),
    createTutorial: build.mutation<AdminTutorial, TutorialInput>({
      query: (body) => ({ url: 'v1/admin/tutorials', method: 'POST', body }),
      transformResponse: data<AdminTutorial>,
      invalidatesTags: [LIST, 'AdminAudit'],
    }),
    editTutorial: build.mutation<AdminTutorial, TutorialInput & { id: string }>({
      query: ({ id, ...body }) => ({ url: tutorialPath(id), method: 'PUT', body }),
      transformResponse: data<AdminTutorial>,
      invalidatesTags: [LIST, 'AdminAudit'],
    }),
    removeTutorial: build.mutation<void, string>({
      query: (id) => ({ url: tutorialPath(id), method: 'DELETE' }),
      invalidatesTags: [LIST, 'AdminAudit'],
    }),
  }),
});

export const {
  useAdminTutorialsQuery,
  useCreateTutorialMutation,
  useEditTutorialMutation,
  useRemoveTutorialMutation,
} = tutorialsAdminApi;

/** After a thumbnail upload (sent outside RTK Query, for its progress and retries) the list is read again. */
export const tutorialsChanged = () => tutorialsAdminApi.util.invalidateTags([LIST]);

/** Sets or replaces a tutorial's thumbnail from an image file; resolves with the tutorial or a MediaError. */
export async function uploadTutorialThumbnail(
  id: string,
  file: File,
  options: { onProgress?: (percent: number) => void; signal?: AbortSignal } = {},
): Promise<AdminTutorial> {
  const url = new URL(`${tutorialPath(id)}/thumbnail`, apiBaseUrl()).toString();
  const parsed = AdminTutorialResponseSchema.safeParse(await sendFile({ url, file, ...options }));
  if (!parsed.success) throw new MediaError('badResponse', { fileName: file.name });
  return parsed.data.data;
}

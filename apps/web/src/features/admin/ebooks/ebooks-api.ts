import {
  type AdminEbook,
  type AdminEbookDetail,
  AdminEbookResponseSchema,
  EbookPagesAddedResponseSchema,
} from '@ngso/shared/schemas/ebooks';
import { adminApi } from '../api.ts';
import { scoped } from '../console/current-competition.ts';
import { sendConsoleFile as send } from '../console/send-file.ts';

export type EbookFields = { title: string; description: string; position: number };

type Data<T> = { data: T };
const data = <T>(response: Data<T>) => response.data;
const ebookPath = (id: string) => `v1/admin/ebooks/${encodeURIComponent(id)}`;

const api = adminApi.enhanceEndpoints({ addTagTypes: ['AdminEbooks'] });

/** The organisers' e-book calls (/v1/admin/ebooks...): list and detail, edits, page order, removals. */
export const ebooksAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminEbooks: build.query<AdminEbook[], string>({
      query: (competition) => scoped('v1/admin/ebooks', competition),
      transformResponse: data<AdminEbook[]>,
      providesTags: [{ type: 'AdminEbooks', id: 'LIST' }],
    }),
    adminEbook: build.query<AdminEbookDetail, string>({
      query: (id) => ebookPath(id),
      transformResponse: data<AdminEbookDetail>,
      providesTags: (_result, _error, id) => [{ type: 'AdminEbooks', id }],
    }),
    createEbook: build.mutation<AdminEbookDetail, EbookFields & { competition: string }>({
      query: ({ competition, ...body }) => ({
        url: scoped('v1/admin/ebooks', competition),
        method: 'POST',
        body,
      }),
      transformResponse: data<AdminEbookDetail>,
      invalidatesTags: [{ type: 'AdminEbooks', id: 'LIST' }, 'AdminAudit'],
    }),
    editEbook: build.mutation<AdminEbookDetail, EbookFields & { id: string }>({
      query: ({ id, ...body }) => ({ url: ebookPath(id), method: 'PUT', body }),
      transformResponse: data<AdminEbookDetail>,
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'AdminEbooks', id: 'LIST' },
        { type: 'AdminEbooks', id },
        'AdminAudit',
      ],
    }),
    removeEbook: build.mutation<{ id: string; title: string; pages_removed: number }, string>({
      query: (id) => ({ url: ebookPath(id), method: 'DELETE' }),
      transformResponse: data<{ id: string; title: string; pages_removed: number }>,
      // Not the e-book's own tag: reading a removed e-book again would only answer 404.
      invalidatesTags: [{ type: 'AdminEbooks', id: 'LIST' }, 'AdminAudit'],
    }),
    moveEbookPage: build.mutation<AdminEbookDetail, { id: string; page: number; position: number }>({
      query: ({ id, page, position }) => ({
        url: `${ebookPath(id)}/pages/${page}`,
        method: 'PUT',
        body: { position },
      }),
      transformResponse: data<AdminEbookDetail>,
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'AdminEbooks', id: 'LIST' },
        { type: 'AdminEbooks', id },
      ],
    }),
    removeEbookPage: build.mutation<AdminEbookDetail, { id: string; page: number }>({
      query: ({ id, page }) => ({ url: `${ebookPath(id)}/pages/${page}`, method: 'DELETE' }),
      transformResponse: data<AdminEbookDetail>,
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'AdminEbooks', id: 'LIST' },
        { type: 'AdminEbooks', id },
      ],
    }),
    removeEbookThumbnail: build.mutation<AdminEbookDetail, string>({
      query: (id) => ({ url: `${ebookPath(id)}/thumbnail`, method: 'DELETE' }),
      transformResponse: data<AdminEbookDetail>,
      invalidatesTags: (_result, _error, id) => [
        { type: 'AdminEbooks', id: 'LIST' },
        { type: 'AdminEbooks', id },
      ],
    }),
  }),
});

export const {
  useAdminEbooksQuery,
  useAdminEbookQuery,
  useCreateEbookMutation,
  useEditEbookMutation,
  useRemoveEbookMutation,
  useMoveEbookPageMutation,
  useRemoveEbookPageMutation,
  useRemoveEbookThumbnailMutation,
} = ebooksAdminApi;

/** After an upload (sent outside RTK Query, for its progress): the list and the e-book are read again. */
export const ebookChanged = (id: string) =>
  ebooksAdminApi.util.invalidateTags([
    { type: 'AdminEbooks', id: 'LIST' },
    { type: 'AdminEbooks', id },
  ]);

/** Appends one page image (through the upload client: progress, retries on a dropped connection). */
export const uploadEbookPage = (
  id: string,
  file: File,
  options: { onProgress?: (percent: number) => void; signal?: AbortSignal } = {},
) =>
  send(
    `${ebookPath(id)}/pages`,
    file,
    (body) => {
      const parsed = EbookPagesAddedResponseSchema.safeParse(body);
      return parsed.success ? parsed.data : undefined;
    },
    options,
  );

/** Sends a PDF for the server to render as pages; resolves when they are added. */
export const uploadEbookPdf = (
  id: string,
  file: File,
  options: { onProgress?: (percent: number) => void; signal?: AbortSignal } = {},
) =>
  send(
    `${ebookPath(id)}/pdf`,
    file,
    (body) => {
      const parsed = EbookPagesAddedResponseSchema.safeParse(body);
      return parsed.success ? parsed.data : undefined;
    },
    options,
  );

/** Sets or replaces the thumbnail. */
export const uploadEbookThumbnail = (
  id: string,
  file: File,
  options: { onProgress?: (percent: number) => void; signal?: AbortSignal } = {},
) =>
  send(
    `${ebookPath(id)}/thumbnail`,
    file,
    (body) => {
      const parsed = AdminEbookResponseSchema.safeParse(body);
      return parsed.success ? parsed.data.data : undefined;
    },
    options,
  );

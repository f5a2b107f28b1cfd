import type { Ebook, EbooksResponse } from '@ngso/shared/schemas/ebooks';
import { baseApi } from '../../lib/api.ts';

export const ebooksApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The student's e-books: empty unless the registration is approved (spec section 4). */
    getEbooks: build.query<Ebook[], void>({
      query: () => 'v1/ebooks',
      transformResponse: (response: EbooksResponse) => response.data,
      providesTags: ['Registration'],
    }),
  }),
});

export const { useGetEbooksQuery } = ebooksApi;

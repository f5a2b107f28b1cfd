import type { LanguageResponse, UpdateLanguageInput } from '@ngso/shared/schemas/language';
import { baseApi } from '../lib/api.ts';

/**
 * Saves the signed-in user's language on the account (the server also sets the `lang` cookie). The
 * registration status is read again: its `exam_details` carry the online exam's slot in the language.
 */
export const languageApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    saveLanguage: build.mutation<LanguageResponse, UpdateLanguageInput>({
      query: (body) => ({ url: 'v1/user/language', method: 'PUT', body }),
      invalidatesTags: (result) => (result ? ['Registration'] : []),
    }),
  }),
});

export const { useSaveLanguageMutation } = languageApi;

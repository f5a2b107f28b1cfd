import type { LanguageResponse, UpdateLanguageInput } from '@ngso/shared/schemas/language';
import { baseApi } from '../lib/api.ts';

/** Saves the signed-in user's language on the account (the server also sets the `lang` cookie). */
export const languageApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    saveLanguage: build.mutation<LanguageResponse, UpdateLanguageInput>({
      query: (body) => ({ url: 'v1/user/language', method: 'PUT', body }),
    }),
  }),
});

export const { useSaveLanguageMutation } = languageApi;

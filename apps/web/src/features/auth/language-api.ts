import type { LanguageResponse, UpdateLanguageInput } from '@ngso/shared/schemas/language';
import { baseApi } from '../../lib/api.ts';
import { type AuthState, selectAuth } from './slice.ts';

/**
 * Saves the signed-in user's language on the account (the server also sets the `lang` cookie). The
 * registration status is read again: its `exam_details` carry the online exam's slot in the language; not
 * when the session is ending meanwhile (read without a session, it would come back 401).
 */
export const languageApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    saveLanguage: build.mutation<LanguageResponse, UpdateLanguageInput>({
      query: (body) => ({ url: 'v1/user/language', method: 'PUT', body }),
      async onQueryStarted(_input, { dispatch, getState, queryFulfilled }) {
        const saved = await queryFulfilled.then(
          () => true,
          () => false,
        );
        const auth = selectAuth(getState() as ReturnType<typeof getState> & { auth: AuthState });
        if (saved && auth.isAuthenticated && !auth.loggingOut) {
          dispatch(baseApi.util.invalidateTags(['Registration']));
        }
      },
    }),
  }),
});

export const { useSaveLanguageMutation } = languageApi;

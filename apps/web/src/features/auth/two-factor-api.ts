import type { MessageResponse } from '@ngso/shared/schemas/common';
import type {
  ConfirmTwoFactorInput,
  TwoFactorSetup,
  TwoFactorState,
  VerifyTwoFactorInput,
} from '@ngso/shared/schemas/two-factor';
import { baseApi } from '../../lib/api.ts';

const api = baseApi.enhanceEndpoints({ addTagTypes: ['TwoFactor'] });

/** Staff's second factor (/v1/two-factor): the state of this session, setting it up, passing it. */
export const twoFactorApi = api.injectEndpoints({
  endpoints: (build) => ({
    twoFactorState: build.query<TwoFactorState, void>({
      query: () => 'v1/two-factor',
      transformResponse: (response: { data: TwoFactorState }) => response.data,
      providesTags: ['TwoFactor'],
    }),
    setupTwoFactor: build.mutation<TwoFactorSetup, void>({
      query: () => ({ url: 'v1/two-factor/setup', method: 'POST', body: {} }),
      transformResponse: (response: { data: TwoFactorSetup }) => response.data,
    }),
    confirmTwoFactor: build.mutation<MessageResponse & { recovery_codes: string[] }, ConfirmTwoFactorInput>({
      query: (body) => ({ url: 'v1/two-factor/confirm', method: 'POST', body }),
      invalidatesTags: ['TwoFactor'],
    }),
    verifyTwoFactor: build.mutation<MessageResponse, VerifyTwoFactorInput>({
      query: (body) => ({ url: 'v1/two-factor/verify', method: 'POST', body }),
      invalidatesTags: ['TwoFactor'],
    }),
  }),
});

export const {
  useTwoFactorStateQuery,
  useSetupTwoFactorMutation,
  useConfirmTwoFactorMutation,
  useVerifyTwoFactorMutation,
} = twoFactorApi;

import type { VerifyResponse } from '@ngso/shared/schemas/registration';
import { baseApi } from '../../lib/api.ts';

export const verifyApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** Public: what an admit card's QR code checks (name, roll, category, status). */
    verifyAdmitCard: build.query<VerifyResponse['data'], string>({
      query: (code) => `v1/verify/${encodeURIComponent(code)}`,
      transformResponse: (response: VerifyResponse) => response.data,
    }),
  }),
});

export const { useVerifyAdmitCardQuery } = verifyApi;

import type { VerifiedReceipt } from '@ngso/shared/schemas/receipts';
import type { VerifyResponse } from '@ngso/shared/schemas/registration';
import { baseApi } from '../../lib/api.ts';

export const verifyApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** Public: what an admit card's QR code checks (name, roll, category, status). */
    verifyAdmitCard: build.query<VerifyResponse['data'], string>({
      query: (code) => `v1/verify/${encodeURIComponent(code)}`,
      transformResponse: (response: VerifyResponse) => response.data,
    }),
    /** Public: what a photo's receipt proves, or the server's sentence for why it is refused (422). */
    verifyReceipt: build.mutation<VerifiedReceipt, string>({
      query: (receipt) => ({ url: 'v1/receipts/verify', method: 'POST', body: { receipt } }),
      transformResponse: (response: { data: VerifiedReceipt }) => response.data,
    }),
  }),
});

export const { useVerifyAdmitCardQuery, useVerifyReceiptMutation } = verifyApi;

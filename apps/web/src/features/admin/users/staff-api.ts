import type { InviteStaffInput, StaffInvitation } from '@ngso/shared/schemas/auth';
import type { MessageResponse } from '@ngso/shared/schemas/common';
import { adminApi } from '../api.ts';

const api = adminApi.enhanceEndpoints({ addTagTypes: ['AdminInvitations'] });

/**
 * Staff accounts: invitations (/v1/admin/invitations: the pending list, inviting an address, withdrawing)
 * the reset of a lost second factor and the unlock of a locked one.
 */
export const staffApi = api.injectEndpoints({
  endpoints: (build) => ({
    staffInvitations: build.query<StaffInvitation[], void>({
      query: () => 'v1/admin/invitations',
      transformResponse: (response: { data: StaffInvitation[] }) => response.data,
      providesTags: ['AdminInvitations'],
    }),
    inviteStaff: build.mutation<MessageResponse & { data: StaffInvitation }, InviteStaffInput>({
      query: (body) => ({ url: 'v1/admin/invitations', method: 'POST', body }),
      invalidatesTags: ['AdminInvitations', 'AdminAudit'],
    }),
    withdrawInvitation: build.mutation<MessageResponse, string>({
      query: (id) => ({ url: `v1/admin/invitations/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['AdminInvitations', 'AdminAudit'],
    }),
    resetTwoFactor: build.mutation<MessageResponse, string>({
      query: (id) => ({ url: `v1/admin/users/${encodeURIComponent(id)}/two-factor`, method: 'DELETE' }),
      invalidatesTags: ['AdminUsers', 'AdminAudit'],
    }),
    unlockTwoFactor: build.mutation<MessageResponse, string>({
      query: (id) => ({ url: `v1/admin/users/${encodeURIComponent(id)}/two-factor/unlock`, method: 'POST' }),
      invalidatesTags: ['AdminUsers', 'AdminAudit'],
    }),
  }),
});

export const {
  useStaffInvitationsQuery,
  useInviteStaffMutation,
  useWithdrawInvitationMutation,
  useResetTwoFactorMutation,
  useUnlockTwoFactorMutation,
} = staffApi;

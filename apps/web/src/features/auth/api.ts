import type {
  AcceptInvitationInput,
  ForgotPasswordInput,
  LoginInput,
  LoginResponse,
  RegisterInput,
  RegisterResponse,
  ResetPasswordInput,
  User,
  UserResponse,
  VerifyEmailInput,
} from '@ngso/shared/schemas/auth';
import type { MessageResponse } from '@ngso/shared/schemas/common';
import { baseApi } from '../../lib/api.ts';

export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The current user (auth check). Only asked when the persisted state says signed in. */
    getCurrentUser: build.query<User, void>({
      query: () => 'v1/user',
      transformResponse: (response: UserResponse) => response.user,
      providesTags: ['User'],
    }),
    register: build.mutation<RegisterResponse, RegisterInput>({
      query: (body) => ({ url: 'v1/register', method: 'POST', body }),
    }),
    login: build.mutation<LoginResponse, LoginInput>({
      query: (body) => ({ url: 'v1/login', method: 'POST', body }),
    }),
    logout: build.mutation<{ status: 'success' }, void>({
      query: () => ({ url: 'v1/logout', method: 'POST', body: {} }),
    }),
    forgotPassword: build.mutation<MessageResponse, ForgotPasswordInput>({
      query: (body) => ({ url: 'v1/forgot-password', method: 'POST', body }),
    }),
    resetPassword: build.mutation<MessageResponse, ResetPasswordInput>({
      query: (body) => ({ url: 'v1/reset-password', method: 'POST', body }),
    }),
    /** Opens a mailed verification link; the signed-in user is asked again, now verified. */
    verifyEmail: build.mutation<MessageResponse, VerifyEmailInput>({
      query: (body) => ({ url: 'v1/verify-email', method: 'POST', body }),
      invalidatesTags: ['User'],
    }),
    resendVerificationEmail: build.mutation<MessageResponse, void>({
      query: () => ({ url: 'v1/verify-email/resend', method: 'POST', body: {} }),
    }),
    /** Accepts a staff invitation; the answer signs this device in (slice.ts). */
    acceptInvitation: build.mutation<MessageResponse & { user: User }, AcceptInvitationInput>({
      query: (body) => ({ url: 'v1/invitations/accept', method: 'POST', body }),
    }),
  }),
});

export const {
  useGetCurrentUserQuery,
  useRegisterMutation,
  useLoginMutation,
  useLogoutMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
  useVerifyEmailMutation,
  useResendVerificationEmailMutation,
  useAcceptInvitationMutation,
} = authApi;

import type { User } from '@ngso/shared/schemas/auth';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { endpointMatchers } from '../../lib/endpoint-matchers.ts';
import { errorStatus } from '../../lib/error-status.ts';
import { sessionEnded } from '../../lib/session-events.ts';
import type { authApi } from './api.ts';
import { type AuthState, initialAuthState, setLoggingOut } from './auth-state.ts';

export {
  type AuthState,
  initialAuthState,
  selectAuth,
  selectIsAuthenticated,
  selectUser,
  setLoggingOut,
} from './auth-state.ts';

function signIn(state: AuthState, user: User, token: string | null = null) {
  state.user = user;
  state.token = token;
  state.isAuthenticated = true;
  state.profileImage = user.profile_image;
  state.error = null;
}

function signOut(state: AuthState) {
  state.user = null;
  state.token = null;
  state.isAuthenticated = false;
  state.profileImage = null;
  state.loading = false;
}

/** The API's actions this slice follows (lib/endpoint-matchers.ts: without loading the API). */
const getCurrentUserAction = endpointMatchers<typeof authApi.endpoints.getCurrentUser>('getCurrentUser');
const loginAction = endpointMatchers<typeof authApi.endpoints.login>('login');
const registerAction = endpointMatchers<typeof authApi.endpoints.register>('register');
const acceptInvitationAction =
  endpointMatchers<typeof authApi.endpoints.acceptInvitation>('acceptInvitation');
const logoutAction = endpointMatchers<typeof authApi.endpoints.logout>('logout');

export const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    setCredentials(state, action: PayloadAction<{ user: User; token?: string | null }>) {
      signIn(state, action.payload.user, action.payload.token ?? null);
    },
    clearCredentials(state) {
      signOut(state);
      state.error = null;
    },
    setProfileImage(state, action: PayloadAction<string | null>) {
      state.profileImage = action.payload;
      if (state.user) state.user.profile_image = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(setLoggingOut, (state, action) => {
        state.loggingOut = action.payload;
      })
      .addCase(sessionEnded, (state) => {
        signOut(state);
      })
      .addMatcher(getCurrentUserAction.pending, (state) => {
        state.loading = true;
      })
      .addMatcher(getCurrentUserAction.fulfilled, (state, action) => {
        state.loading = false;
        signIn(state, action.payload, state.token);
      })
      .addMatcher(getCurrentUserAction.rejected, (state, action) => {
        state.loading = false;
        if (action.meta.condition) return; // skipped, not failed
        state.error = action.payload ?? action.error;
        // Only the server saying "not signed in" ends the session; a dropped connection on a
        // phone must not sign the student out.
        if (errorStatus(action.payload) === 401) signOut(state);
      })
      .addMatcher(loginAction.fulfilled, (state, action) => {
        if (action.payload.status === 'success') signIn(state, action.payload.data.user);
      })
      .addMatcher(registerAction.fulfilled, (state, action) => {
        if (action.payload.status === 'success') signIn(state, action.payload.user);
      })
      .addMatcher(acceptInvitationAction.fulfilled, (state, action) => {
        if (action.payload.status === 'success') signIn(state, action.payload.user);
      })
      .addMatcher(logoutAction.pending, (state) => {
        state.loggingOut = true;
      })
      .addMatcher(logoutAction.fulfilled, (state) => {
        signOut(state);
      });
    // A failed logout does not turn `loggingOut` off here: the session is cleared on this device
    // anyway (use-logout.ts), and the flag goes off once the home page shows (root-layout.tsx), so
    // a protected page being left does not send the student to /login on the way.
  },
});

export const { setCredentials, clearCredentials, setProfileImage } = authSlice.actions;

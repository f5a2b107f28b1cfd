import type { ProfileUser } from '@ngso/shared/schemas/profile';
import { createSlice } from '@reduxjs/toolkit';
import { sessionEnded } from '../../lib/session-events.ts';
import { profileApi } from './api.ts';

/** Spec section 3: the profile state. The preliminary result's shape comes with its issue. */
export type ProfileState = {
  profile: ProfileUser | null;
  loadingProfile: boolean;
  updatingProfile: boolean;
  updatingPhoto: boolean;
  loadingPreliminaryResult: boolean;
  error: unknown;
  preliminaryResult: unknown;
};

export const initialProfileState: ProfileState = {
  profile: null,
  loadingProfile: false,
  updatingProfile: false,
  updatingPhoto: false,
  loadingPreliminaryResult: false,
  error: null,
  preliminaryResult: null,
};

export const profileSlice = createSlice({
  name: 'profile',
  initialState: initialProfileState,
  reducers: {
    clearProfile(state) {
      state.profile = null;
      state.error = null;
      state.preliminaryResult = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(sessionEnded, () => initialProfileState)
      .addMatcher(profileApi.endpoints.getProfile.matchPending, (state) => {
        state.loadingProfile = true;
      })
      .addMatcher(profileApi.endpoints.getProfile.matchFulfilled, (state, action) => {
        state.loadingProfile = false;
        state.profile = action.payload;
        state.error = null;
      })
      .addMatcher(profileApi.endpoints.getProfile.matchRejected, (state, action) => {
        state.loadingProfile = false;
        if (action.meta.condition) return;
        state.error = action.payload ?? action.error;
      });
  },
});

export const { clearProfile } = profileSlice.actions;

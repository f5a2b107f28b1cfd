import type { ProfileUser } from '@ngso/shared/schemas/profile';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { endpointMatchers } from '../../lib/endpoint-matchers.ts';
import { sessionEnded } from '../../lib/session-events.ts';
import type { profileApi } from './api.ts';

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

/** A failed photo upload as the state keeps it (plain data: the status and the server's sentence). */
export type PhotoError = { status: number | null; message: string | null };

export const initialProfileState: ProfileState = {
  profile: null,
  loadingProfile: false,
  updatingProfile: false,
  updatingPhoto: false,
  loadingPreliminaryResult: false,
  error: null,
  preliminaryResult: null,
};

/** The API's actions this slice follows (lib/endpoint-matchers.ts: without loading the API). */
const getProfileAction = endpointMatchers<typeof profileApi.endpoints.getProfile>('getProfile');
const updateProfileAction = endpointMatchers<typeof profileApi.endpoints.updateProfile>('updateProfile');

export const profileSlice = createSlice({
  name: 'profile',
  initialState: initialProfileState,
  reducers: {
    clearProfile(state) {
      state.profile = null;
      state.error = null;
      state.preliminaryResult = null;
    },
    /** The photo upload (XMLHttpRequest, for its progress) runs outside RTK Query; it reports here. */
    photoUpdateStarted(state) {
      state.updatingPhoto = true;
      state.error = null;
    },
    photoUpdated(state, action: PayloadAction<string | null>) {
      state.updatingPhoto = false;
      if (state.profile) state.profile.profile_image = action.payload;
    },
    photoUpdateFailed(state, action: PayloadAction<PhotoError>) {
      state.updatingPhoto = false;
      state.error = action.payload;
    },
    photoUpdateCancelled(state) {
      state.updatingPhoto = false;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(sessionEnded, () => initialProfileState)
      .addMatcher(getProfileAction.pending, (state) => {
        state.loadingProfile = true;
      })
      .addMatcher(getProfileAction.fulfilled, (state, action) => {
        state.loadingProfile = false;
        state.profile = action.payload;
        state.error = null;
      })
      .addMatcher(getProfileAction.rejected, (state, action) => {
        state.loadingProfile = false;
        if (action.meta.condition) return;
        state.error = action.payload ?? action.error;
      })
      .addMatcher(updateProfileAction.pending, (state) => {
        state.updatingProfile = true;
        state.error = null;
      })
      .addMatcher(updateProfileAction.fulfilled, (state, action) => {
        state.updatingProfile = false;
        state.profile = action.payload;
      })
      .addMatcher(updateProfileAction.rejected, (state, action) => {
        state.updatingProfile = false;
        state.error = action.payload ?? action.error;
      });
  },
});

export const { clearProfile, photoUpdateStarted, photoUpdated, photoUpdateFailed, photoUpdateCancelled } =
  profileSlice.actions;

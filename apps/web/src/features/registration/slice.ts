import type { Category } from '@ngso/shared/constants';
import type { ExamDetails, RegistrationStatus } from '@ngso/shared/schemas/registration';
import { createSlice } from '@reduxjs/toolkit';
import { endpointMatchers } from '../../lib/endpoint-matchers.ts';
import { sessionEnded } from '../../lib/session-events.ts';
import type { registrationApi } from './api.ts';

/** A question of the final exam (spec section 3); loaded by the exam issue. */
export type Question = {
  id: string | number;
  marks: number;
  questionEnglish: string;
  questionBangla: string;
};

/** Spec section 3: the registration state. */
export type RegistrationState = {
  registrationStatus: RegistrationStatus;
  registration_date: string | null;
  admitCard: string | null;
  examDetails: ExamDetails | null;
  category: Category | null;
  questions: Question[];
  questionsLoading: boolean;
  registrationStatusInitialized: boolean;
  statusLoading: boolean;
  /** Ours: why organisers rejected the registration (the rejected card shows it). */
  rejectionReason: string | null;
  /** Ours: status calls failed in a row since the last answer (the card says so and asks again). */
  statusFailures: number;
};

export const initialRegistrationState: RegistrationState = {
  registrationStatus: null,
  registration_date: null,
  admitCard: null,
  examDetails: null,
  category: null,
  questions: [],
  questionsLoading: false,
  registrationStatusInitialized: false,
  statusLoading: false,
  rejectionReason: null,
  statusFailures: 0,
};

/** The API's actions this slice follows (lib/endpoint-matchers.ts: without loading the API). */
const getRegistrationStatusAction =
  endpointMatchers<typeof registrationApi.endpoints.getRegistrationStatus>('getRegistrationStatus');
const submitRegistrationAction =
  endpointMatchers<typeof registrationApi.endpoints.submitRegistration>('submitRegistration');

export const registrationSlice = createSlice({
  name: 'registration',
  initialState: initialRegistrationState,
  reducers: {
    clearRegistration: () => initialRegistrationState,
  },
  extraReducers: (builder) => {
    builder
      .addCase(sessionEnded, () => initialRegistrationState)
      .addMatcher(getRegistrationStatusAction.pending, (state) => {
        state.statusLoading = true;
      })
      .addMatcher(getRegistrationStatusAction.fulfilled, (state, action) => {
        const { category, data } = action.payload;
        state.statusLoading = false;
        state.registrationStatus = data.registration_status;
        state.registration_date = data.registration_date ?? action.payload.registration_date;
        state.admitCard = data.admit_card_url ?? action.payload.admit_card_url;
        state.examDetails = data.exam_details ?? action.payload.exam_details;
        state.category = category;
        state.rejectionReason = data.rejection_reason ?? null;
        state.registrationStatusInitialized = true;
        state.statusFailures = 0;
      })
      .addMatcher(getRegistrationStatusAction.rejected, (state, action) => {
        // A call skipped because the same one is in flight is not a failure.
        if (action.meta.condition) return;
        state.statusLoading = false;
        // What the status was stays unknown: a failed call is never read as "not registered".
        state.statusFailures += 1;
      })
      // Spec section 4: after a successful register call, status, date and category are stored.
      .addMatcher(submitRegistrationAction.fulfilled, (state, action) => {
        const { category, data } = action.payload;
        state.registrationStatus = data.registration_status;
        state.registration_date = data.registration_date;
        state.category = category;
        state.rejectionReason = null;
        state.registrationStatusInitialized = true;
      });
  },
});

export const { clearRegistration } = registrationSlice.actions;

/** The registration part of the store (the app's RootState has it under `registration`). */
export const selectRegistration = (state: { registration: RegistrationState }) => state.registration;

import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';

/**
 * A dispatch that takes thunks too (the API's requests), for a feature's hooks: the app's store has one
 * (`AppDispatch`), but the features sit below the app and do not import it.
 */
export type ThunkCapableDispatch = ThunkDispatch<never, unknown, UnknownAction>;

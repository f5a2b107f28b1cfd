import { createAction } from '@reduxjs/toolkit';

/**
 * The signed-in session is over: logout finished (or failed), or the server answered 401 for a
 * persisted user. Every slice that holds a user's data resets on it. Lives in lib so features
 * need not import each other.
 */
export const sessionEnded = createAction('session/ended');

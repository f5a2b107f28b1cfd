import { describe, expect, it } from 'vitest';
import { setupStore } from '../../app/store.ts';
import { testUser } from '../../test/fetch-stub.ts';
import { PERSIST_KEY, readPersistedAuth } from './persisted-auth.ts';
import { setCredentials, setLoggingOut } from './slice.ts';

/** What redux-persist 6 wrote for a signed-in student (the build before this one). */
const savedByReduxPersist = JSON.stringify({
  auth: JSON.stringify({ user: testUser, token: null, isAuthenticated: true, profileImage: null }),
  _persist: JSON.stringify({ version: 1, rehydrated: true }),
});

describe('the saved session', () => {
  it("reads a session saved in redux-persist's format, so nobody is signed out by the update", () => {
    localStorage.setItem(PERSIST_KEY, savedByReduxPersist);
    const { store } = setupStore();
    expect(store.getState().auth).toMatchObject({ user: testUser, isAuthenticated: true, loading: false });
  });

  it('saves who is signed in, not the flags of a request in flight, in the same format', () => {
    const { store } = setupStore();
    store.dispatch(setCredentials({ user: testUser }));
    store.dispatch(setLoggingOut(true));
    expect(readPersistedAuth()).toEqual({
      user: testUser,
      token: null,
      isAuthenticated: true,
      profileImage: null,
    });
    const stored = JSON.parse(localStorage.getItem(PERSIST_KEY) ?? '{}') as Record<string, string>;
    expect(JSON.parse(stored.auth ?? '{}')).not.toHaveProperty('loggingOut');
    // A reload starts signed in, and not logging out.
    expect(setupStore().store.getState().auth).toMatchObject({ isAuthenticated: true, loggingOut: false });
  });

  it('starts signed out when nothing, or something unreadable, is saved', () => {
    expect(setupStore().store.getState().auth.isAuthenticated).toBe(false);
    localStorage.setItem(PERSIST_KEY, '{not json');
    expect(setupStore().store.getState().auth.isAuthenticated).toBe(false);
  });
});

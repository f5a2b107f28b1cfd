import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import type { ThunkCapableDispatch } from '../../lib/dispatch.ts';
import { forgetKeptForOffline } from '../../lib/service-worker.ts';
import { sessionEnded } from '../../lib/session-events.ts';
import { hasUnsavedWork } from '../../lib/unsaved-work.ts';
import { setLoggingOut } from './slice.ts';

/**
 * Logs out: the Logging out screen shows while `POST /v1/logout` runs (auth.loggingOut); the
 * local session is cleared whatever the answer, and a failure is only logged (spec section 4).
 * Then to the home page; the flag goes off when it shows (see RootLayout). With exam answers not yet
 * saved, it asks first. What the service worker kept for this student (their questions' diagrams) goes.
 */
export function useLogout() {
  const dispatch = useDispatch<ThunkCapableDispatch>();
  const navigate = useNavigate();
  const { t } = useTranslation('nav');
  return useCallback(async () => {
    // Exam answers still waiting to be saved: the student decides (spec: no answer lost silently).
    if (hasUnsavedWork() && !window.confirm(t('unsavedLogout'))) return;
    dispatch(setLoggingOut(true));
    // The API is loaded by now (a signed-in session has called it); the navigation bar, in the first
    // chunk, does not carry it (docs/decisions/013-first-load.md).
    const [{ authApi }, { baseApi }] = await Promise.all([import('./api.ts'), import('../../lib/api.ts')]);
    try {
      await dispatch(authApi.endpoints.logout.initiate()).unwrap();
    } catch (failure) {
      console.warn('Logout failed on the server; the session is cleared on this device.', failure);
    } finally {
      // Signed out first: the protected page shows nothing (RequireAuth while logging out) and its calls
      // stop. The cache is emptied only once home shows: emptied while that page was still there, its
      // calls would run again without a session and come back 401.
      dispatch(sessionEnded());
      await forgetKeptForOffline();
      await navigate(paths.home, { replace: true });
      dispatch(baseApi.util.resetApiState());
    }
  }, [dispatch, navigate, t]);
}

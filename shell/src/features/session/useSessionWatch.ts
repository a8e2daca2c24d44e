// Keeps the session honest (spec §4): checks the token every 5 minutes and, when the session
// has expired (a 401, a missing or expiring token), says so and signs out after 2 seconds.
import { useEffect } from 'react';
import { CONSTANTS, events, isTokenUsable, showToast, signedOut, useAppDispatch, useAppStore } from '@grocer/shared';
import { SESSION_EXPIRED_MESSAGE } from '@grocer/shared';

export function useSessionWatch() {
  const dispatch = useAppDispatch();
  const store = useAppStore();

  useEffect(() => {
    let pending: ReturnType<typeof setTimeout> | null = null;
    const expire = (message: string) => {
      // Several calls can fail at once; one notice and one sign-out are enough.
      if (pending || !store.getState().session.user) return;
      showToast('error', message);
      pending = setTimeout(() => {
        pending = null;
        dispatch(signedOut());
      }, CONSTANTS.SESSION_ERROR_SIGNOUT_MS);
    };
    const off = events.on('session:expired', ({ message }) => expire(message));
    const timer = setInterval(() => {
      const token = store.getState().session.user?.token;
      if (token && !isTokenUsable(token)) expire(SESSION_EXPIRED_MESSAGE);
    }, CONSTANTS.EXPIRY_CHECK_INTERVAL_MS);
    return () => {
      off();
      clearInterval(timer);
      if (pending) clearTimeout(pending);
    };
  }, [dispatch, store]);
}

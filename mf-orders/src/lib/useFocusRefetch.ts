// RTK Query's refetchOnFocus / refetchOnReconnect only fire once the store listens to the window.
// The shell does not set that up for every page, so the order pages do while they are shown;
// RTK counts registrations per dispatch, so this is safe next to any other caller.
import { useEffect } from 'react';
import { setupListeners } from '@reduxjs/toolkit/query';
import { useAppDispatch } from '@grocer/shared';

export function useFocusRefetch(): void {
  const dispatch = useAppDispatch();
  useEffect(() => setupListeners(dispatch), [dispatch]);
}

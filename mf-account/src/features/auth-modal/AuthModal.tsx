// The auth modal (exposed as `account/AuthModal`, mounted once by the shell), opened from anywhere
// with `events.emit('auth:open-modal', { mode })`. Spec §2: modes signin, signup and reset; closing
// resets mode, error and loading (each view unmounts, taking its state with it); switching mode
// clears errors (a new view); the page body does not scroll while it is open.
// Only the listener is part of the page's first load; the dialog (AuthDialog.tsx) loads on first open.
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { events } from '@grocer/shared';
import type { AuthMode, AuthRequest } from './modes.ts';

const AuthDialog = lazy(() => import('./AuthDialog.tsx'));

interface Open extends AuthRequest {
  mode: AuthMode;
  /** What had focus when the dialog opened. */
  opener: HTMLElement | null;
}

export default function AuthModal() {
  const [open, setOpen] = useState<Open | null>(null);

  useEffect(
    () =>
      events.on('auth:open-modal', ({ mode, next, why }) => {
        const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        // Remember the opener (and why it opened) only when opening, not when a second event switches the mode.
        setOpen((current) => (current ? { ...current, mode } : { mode, next, why, opener: active }));
      }),
    [],
  );

  const changeMode = useCallback((mode: AuthMode) => setOpen((current) => current && { ...current, mode }), []);
  const close = useCallback(() => setOpen(null), []);

  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <AuthDialog mode={open.mode} next={open.next} why={open.why} onModeChange={changeMode} onClose={close} opener={open.opener} />
    </Suspense>
  );
}

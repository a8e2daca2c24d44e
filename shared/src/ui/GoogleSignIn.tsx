// The body of "Sign in with Google" (see GoogleSignInButton.tsx, the public component, which loads
// this file on demand). With `googleClientId` in the runtime config it renders Google's own button
// (Google Identity Services); otherwise a button that opens the API's dev OpenID issuer in a popup.
// Either way the ID token goes to POST /auth/google and the user is signed in; admins are then sent
// to the admin site (spec §6).
import { useCallback, useEffect, useRef, useState } from 'react';
import { apiErrorMessage } from '../api/baseQuery.ts';
import { getRuntimeConfig } from '../config/runtimeConfig.ts';
import { isAuthSuccess, sessionUser, useSessionGoogleSignInMutation } from '../session/googleSignInApi.ts';
import { devIssuerToken, devIssuerUrl, loadGoogleIdentity, routeGoogleCredential } from '../session/googleIdentity.ts';
import { signedIn } from '../session/sessionSlice.ts';
import { isAdmin } from '../session/userChecks.ts';
import { useAppDispatch } from '../store/store.ts';
import { leaveFor } from './externalNavigation.ts';
import { GOOGLE_SIGN_IN_FAILED, GOOGLE_UNAVAILABLE, POPUP_BLOCKED, type GoogleSignInButtonProps } from './GoogleSignInButton.tsx';
import { Notice } from './Notice.tsx';
import './GoogleSignInButton.css';

export default function GoogleSignIn({ onSignedIn }: GoogleSignInButtonProps) {
  const dispatch = useAppDispatch();
  const [googleSignIn, { isLoading }] = useSessionGoogleSignInMutation();
  const [error, setError] = useState<string | null>(null);
  const { googleClientId } = getRuntimeConfig();

  const complete = useCallback(
    async (idToken: string) => {
      setError(null);
      try {
        const response = await googleSignIn({ idToken }).unwrap();
        if (!isAuthSuccess(response)) {
          setError(response.message || GOOGLE_SIGN_IN_FAILED);
          return;
        }
        const user = sessionUser(response);
        dispatch(signedIn(user));
        if (isAdmin(user)) {
          leaveFor(getRuntimeConfig().adminUrl);
          return;
        }
        onSignedIn?.(user);
      } catch (failure) {
        setError(apiErrorMessage(failure, GOOGLE_SIGN_IN_FAILED));
      }
    },
    [dispatch, googleSignIn, onSignedIn],
  );
  const onIdToken = useCallback((idToken: string) => void complete(idToken), [complete]);
  const onUnavailable = useCallback(() => setError(GOOGLE_UNAVAILABLE), []);
  const onBlocked = useCallback(() => setError(POPUP_BLOCKED), []);

  return (
    <div className="google-sign-in" aria-busy={isLoading || undefined}>
      {googleClientId ? (
        <GisButton clientId={googleClientId} onIdToken={onIdToken} onUnavailable={onUnavailable} />
      ) : (
        <DevIssuerButton busy={isLoading} onIdToken={onIdToken} onBlocked={onBlocked} />
      )}
      {isLoading && (
        <p className="visually-hidden" role="status">
          Signing in with Google...
        </p>
      )}
      {error && <Notice kind="error">{error}</Notice>}
    </div>
  );
}

/** Google's own button; its credential callback is routed to this mount. */
function GisButton({
  clientId,
  onIdToken,
  onUnavailable,
}: {
  clientId: string;
  onIdToken: (idToken: string) => void;
  onUnavailable: () => void;
}) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let cancelled = false;
    let release: (() => void) | undefined;
    loadGoogleIdentity().then(
      (id) => {
        const element = host.current;
        if (cancelled || !element) return;
        release = routeGoogleCredential(id, clientId, onIdToken);
        // GIS draws inside an iframe at a fixed pixel width (at most 400).
        id.renderButton(element, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          text: 'signin_with',
          width: Math.min(400, element.offsetWidth || 320),
        });
      },
      () => {
        if (!cancelled) onUnavailable();
      },
    );
    return () => {
      cancelled = true;
      release?.();
    };
  }, [clientId, onIdToken, onUnavailable]);
  return <div ref={host} className="google-button-host" />;
}

/** The dev issuer: a popup on the API's origin that posts `{type: 'grocer:oidc', idToken}` back to us. */
function DevIssuerButton({ busy, onIdToken, onBlocked }: { busy: boolean; onIdToken: (idToken: string) => void; onBlocked: () => void }) {
  const popup = useRef<Window | null>(null);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      // Only the popup this button opened, on the API's origin, may sign the shopper in.
      if (!popup.current || event.source !== popup.current) return;
      const idToken = devIssuerToken(event, getRuntimeConfig().apiBaseUrl);
      if (!idToken) return;
      popup.current.close();
      popup.current = null;
      onIdToken(idToken);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [onIdToken]);

  const open = () => {
    const url = devIssuerUrl(getRuntimeConfig().apiBaseUrl, window.location.origin);
    popup.current = window.open(url, 'grocer-google-sign-in', 'popup,width=480,height=640');
    if (!popup.current) onBlocked();
  };

  return (
    <button type="button" className="btn google-button" onClick={open} disabled={busy}>
      <svg viewBox="0 0 48 48" width="20" height="20" aria-hidden="true" focusable="false">
        <path
          fill="#EA4335"
          d="M24 9.5c3.5 0 6.6 1.2 9 3.5l6.7-6.7C35.6 2.4 30.2 0 24 0 14.6 0 6.6 5.4 2.6 13.3l7.8 6C12.3 13.6 17.7 9.5 24 9.5z"
        />
        <path fill="#4285F4" d="M46.5 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.7c-.6 3-2.3 5.5-4.8 7.2l7.5 5.8c4.4-4 7.1-10 7.1-17.5z" />
        <path fill="#FBBC05" d="M10.4 28.7c-.5-1.4-.8-3-.8-4.7s.3-3.3.8-4.7l-7.8-6C.9 16.6 0 20.2 0 24s.9 7.4 2.6 10.7l7.8-6z" />
        <path
          fill="#34A853"
          d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.5-5.8c-2.1 1.4-4.8 2.3-8.4 2.3-6.3 0-11.7-4.1-13.6-9.8l-7.8 6C6.6 42.6 14.6 48 24 48z"
        />
      </svg>
      Sign in with Google
    </button>
  );
}

// "Sign in with Google" (spec §1, §7 auth/google). Shared: the auth modal and the cart page use it.
// @grocer/shared is part of every page's first load, yet only those two views show the button, so
// this public component is a stand-in that loads the button itself (GoogleSignIn.tsx, with its
// styles and the Google Identity plumbing) when it first renders.
import { lazy, Suspense } from 'react';
import type { User } from '../contracts/index.ts';

/** (Grocer) The spec gives no text for a failed identity sign-in. */
export const GOOGLE_SIGN_IN_FAILED = 'Google sign-in failed. Please try again.';
export const GOOGLE_UNAVAILABLE = 'Google sign-in is unavailable right now.';
export const POPUP_BLOCKED = 'Please allow pop-ups for this site to sign in with Google.';

export interface GoogleSignInButtonProps {
  /** Called after a non-admin user is signed in (admins leave for the admin site instead). */
  onSignedIn?: (user: User) => void;
}

const GoogleSignIn = lazy(() => import('./GoogleSignIn.tsx'));

// Both forms of the button are 44 px tall (GoogleSignInButton.css): holding that height while the
// code loads keeps the form around it from shifting when the button arrives.
const placeholder = <div style={{ minHeight: 44 }} aria-busy="true" />;

export function GoogleSignInButton(props: GoogleSignInButtonProps) {
  return (
    <Suspense fallback={placeholder}>
      <GoogleSignIn {...props} />
    </Suspense>
  );
}

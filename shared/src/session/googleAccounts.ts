// What the page knows of Google Identity Services' global, and the one call made on it outside the
// sign-in button (spec §4: logout disables auto-select). Apart from googleIdentity.ts so that the
// loading and routing code there stays in the button's on-demand chunk (ui/GoogleSignInButton.tsx).

interface GoogleCredentialResponse {
  credential: string;
}

export interface GoogleAccountsId {
  initialize(options: { client_id: string; callback: (response: GoogleCredentialResponse) => void; auto_select?: boolean }): void;
  renderButton(parent: HTMLElement, options: Record<string, unknown>): void;
  disableAutoSelect(): void;
}

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleAccountsId } };
  }
}

/** Spec §4: logout disables the identity provider's auto-select (only if GIS was ever loaded). */
export function disableGoogleAutoSelect(): void {
  window.google?.accounts?.id?.disableAutoSelect();
}

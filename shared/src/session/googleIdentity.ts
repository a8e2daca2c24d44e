// "Sign in with Google" plumbing. With a Google client id the page uses Google Identity Services
// (loaded on demand, never on pages that do not show the button); without one it uses the API's dev
// OpenID issuer in a popup, which answers with a postMessage. Both end in POST /auth/google.
// Only the button's on-demand code (ui/GoogleSignIn.tsx) imports this file.
import type { GoogleAccountsId } from './googleAccounts.ts';

const GSI_SRC = 'https://accounts.google.com/gsi/client';

/** The message the dev issuer posts to its opener. */
export const DEV_OIDC_MESSAGE_TYPE = 'grocer:oidc';

let loading: Promise<GoogleAccountsId> | null = null;
let initializedFor: string | null = null;
// GIS keeps one callback per page; it forwards to the button mounted last.
let onCredential: ((idToken: string) => void) | null = null;

export function loadGoogleIdentity(): Promise<GoogleAccountsId> {
  const ready = window.google?.accounts?.id;
  if (ready) return Promise.resolve(ready);
  loading ??= new Promise<GoogleAccountsId>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GSI_SRC;
    script.async = true;
    script.onload = () => {
      const id = window.google?.accounts?.id;
      if (id) resolve(id);
      else reject(new Error('Google Identity Services did not load'));
    };
    script.onerror = () => reject(new Error('Google Identity Services did not load'));
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    // Let a later mount try again instead of caching the failure.
    loading = null;
    throw error;
  });
  return loading;
}

/** Initializes GIS once per client id and routes its credential to `handler` until another button takes over. */
export function routeGoogleCredential(id: GoogleAccountsId, clientId: string, handler: (idToken: string) => void): () => void {
  onCredential = handler;
  if (initializedFor !== clientId) {
    id.initialize({ client_id: clientId, callback: ({ credential }) => onCredential?.(credential) });
    initializedFor = clientId;
  }
  return () => {
    if (onCredential === handler) onCredential = null;
  };
}

export function devIssuerUrl(apiBaseUrl: string, origin: string): string {
  return `${apiBaseUrl}/dev/oidc/authorize?origin=${encodeURIComponent(origin)}`;
}

/** The id token of a dev-issuer message, or null when the message is not one (wrong origin or shape). */
export function devIssuerToken(event: MessageEvent, apiBaseUrl: string): string | null {
  if (event.origin !== new URL(apiBaseUrl).origin) return null;
  const data = event.data as { type?: unknown; idToken?: unknown } | null;
  if (!data || data.type !== DEV_OIDC_MESSAGE_TYPE || typeof data.idToken !== 'string') return null;
  return data.idToken;
}

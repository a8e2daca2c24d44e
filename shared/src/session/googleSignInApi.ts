// "Sign in with Google" (spec §7 auth/google), shared because the auth modal (account remote) and the
// cart page's signed-out prompt (cart remote) both offer the button.
import { api } from '../api/api.ts';
import type { AuthResponse, User } from '../contracts/index.ts';

/** The session keeps the user with its token (contract: `signedIn({...user, token})`). */
export function sessionUser(response: Extract<AuthResponse, { success: true }>): User {
  return { ...response.user, token: response.token };
}

/** A successful auth answer carries a user and a token; anything else counts as a failed sign-in. */
export function isAuthSuccess(response: AuthResponse | undefined): response is Extract<AuthResponse, { success: true }> {
  return !!response && response.success === true && !!response.user && typeof response.token === 'string';
}

export const googleSignInApi = api.injectEndpoints({
  endpoints: (build) => ({
    sessionGoogleSignIn: build.mutation<AuthResponse, { idToken: string }>({
      query: (body) => ({ url: '/auth/google', method: 'POST', body }),
    }),
  }),
});

export const { useSessionGoogleSignInMutation } = googleSignInApi;

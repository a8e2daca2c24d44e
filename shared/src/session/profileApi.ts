// GET /user/profile (spec §7), shared because the account page and the checkout guard both need
// the server's current flags: an address saved or an email verified elsewhere counts at once.
import type { Dispatch } from '@reduxjs/toolkit';
import type { ProfileResponse, User } from '../contracts/index.ts';
import { api } from '../api/api.ts';
import { apiErrorStatus } from '../api/baseQuery.ts';
import { events } from '../events/bus.ts';
import { userUpdated } from './sessionSlice.ts';

/** The user fields a profile answer refreshes in the session. */
function profileFields(profile: ProfileResponse): Partial<User> {
  const { firstName, lastName, address, hasValidAddress, hasInvalidAddress, emailVerified, canCheckout } = profile;
  return { firstName, lastName, address, hasValidAddress, hasInvalidAddress, emailVerified, canCheckout };
}

/** The `error` a rejected `queryFulfilled` carries (RTK wraps it as `{ error, meta }`). */
function rejectionError(rejection: unknown): unknown {
  return rejection && typeof rejection === 'object' && 'error' in rejection ? (rejection as { error: unknown }).error : rejection;
}

const SESSION_MESSAGE = /session has expired|Authentication failed/i;

/**
 * Spec §4: a profile or address call whose message says the session expired or authentication failed
 * ends the session. A 401 is already reported by the base query; this catches the same words on other statuses.
 */
function reportSessionMessage(error: unknown): void {
  if (apiErrorStatus(error) === 401) return;
  const data =
    error && typeof error === 'object' && 'data' in error
      ? (error as { data?: { message?: unknown; error?: { message?: unknown } } }).data
      : null;
  const message = data?.error?.message ?? data?.message;
  if (typeof message === 'string' && SESSION_MESSAGE.test(message)) events.emit('session:expired', { message });
}

/**
 * What a call answering with the profile (GET /user/profile, POST /user/address) does when it
 * settles: the answer refreshes the signed-in user; a failure whose message ends the session is passed on.
 */
export async function mergeProfileAnswer(
  _arg: unknown,
  { dispatch, queryFulfilled }: { dispatch: Dispatch; queryFulfilled: Promise<{ data: ProfileResponse }> },
): Promise<void> {
  try {
    const { data } = await queryFulfilled;
    dispatch(userUpdated(profileFields(data)));
  } catch (rejection) {
    reportSessionMessage(rejectionError(rejection));
  }
}

export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Keyed by the user's uuid so another account never reads this one's cached answer. */
    sessionProfile: build.query<ProfileResponse, string>({
      query: () => '/user/profile',
      extraOptions: { auth: true },
      keepUnusedDataFor: 0,
      onQueryStarted: mergeProfileAnswer,
    }),
  }),
});

export const { useSessionProfileQuery } = profileApi;

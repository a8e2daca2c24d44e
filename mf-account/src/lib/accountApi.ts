// The account remote's calls (spec §7 "Auth" and the profile, address and beta calls of
// "Authenticated"; favourites, the verification resend and Google sign-in live in @grocer/shared),
// injected into the one shared RTK Query api. Every feature of this remote imports its hooks from
// here, except the header's user menu: it is on every first load and takes its one call, sign-out,
// from signOutApi.ts. Responses that change the signed-in user are merged into it here, once.
import {
  api,
  mergeProfileAnswer,
  userUpdated,
  type Address,
  type AuthResponse,
  type BetaStatusResponse,
  type BuyAgainItem,
  type BuyAgainResponse,
  type PasswordResetPayload,
  type ProfileResponse,
  type User,
} from '@grocer/shared';

/** `{ success, message }` answers (forgot/reset password, email verification). */
export interface MessageResponse {
  success: boolean;
  message: string;
}

export interface Credentials {
  email: string;
  password: string;
}

export interface RegisterPayload extends Credentials {
  firstName?: string;
  lastName?: string;
}

/** POST /user/address body: the names go with every save; the server keeps names that are already set. */
export interface AddressPayload extends Address {
  firstName: string;
  lastName: string;
}

/** POST /api/user/request-beta. */
export interface BetaRequestResponse {
  success: boolean;
  message: string;
  user?: Partial<User>;
}

function betaFields(source: Partial<BetaStatusResponse & User>): Partial<User> {
  const fields: Partial<User> = {};
  if (source.status !== undefined) fields.status = source.status;
  if (source.isBetaParticipant !== undefined) fields.isBetaParticipant = source.isBetaParticipant;
  if (source.hasBetaRequest !== undefined) fields.hasBetaRequest = source.hasBetaRequest;
  if (source.canCheckout !== undefined) fields.canCheckout = source.canCheckout;
  return fields;
}

export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    // ---- Auth (no token) ----------------------------------------------------------------------
    accountLogin: build.mutation<AuthResponse, Credentials>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body }),
    }),
    accountRegister: build.mutation<AuthResponse, RegisterPayload>({
      query: (body) => ({ url: '/auth/register', method: 'POST', body }),
    }),
    accountForgotPassword: build.mutation<MessageResponse, { email: string }>({
      query: (body) => ({ url: '/auth/forgot-password', method: 'POST', body }),
    }),
    accountResetPassword: build.mutation<MessageResponse, PasswordResetPayload>({
      query: (body) => ({ url: '/auth/reset-password', method: 'POST', body }),
    }),
    // A mutation, not a query: verifying consumes the token, so it must never be re-sent by a cache refetch.
    accountVerifyEmail: build.mutation<MessageResponse, string>({
      query: (token) => ({ url: '/auth/email-verification/verify', params: { token } }),
      async onQueryStarted(_token, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          // The link is opened by the shopper it was sent to; if they are signed in here, their banner goes.
          if (data.success !== false) dispatch(userUpdated({ emailVerified: true }));
        } catch {
          // The page shows the failure.
        }
      },
    }),
    // ---- Profile and address (token) -----------------------------------------------------------
    accountSaveAddress: build.mutation<ProfileResponse, AddressPayload>({
      query: (body) => ({ url: '/user/address', method: 'POST', body }),
      extraOptions: { auth: true },
      onQueryStarted: mergeProfileAnswer,
    }),

    // ---- Beta (token) --------------------------------------------------------------------------
    accountBetaStatus: build.query<BetaStatusResponse, string>({
      query: () => '/api/user/beta-status',
      extraOptions: { auth: true },
      keepUnusedDataFor: 0,
      async onQueryStarted(_uuid, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(userUpdated(betaFields(data)));
        } catch {
          // Spec §4: if the status call fails, status becomes UNKNOWN.
          dispatch(userUpdated({ status: 'UNKNOWN' }));
        }
      },
    }),
    accountRequestBeta: build.mutation<BetaRequestResponse, { reason: string }>({
      query: (body) => ({ url: '/api/user/request-beta', method: 'POST', body }),
      extraOptions: { auth: true },
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          if (data.user) dispatch(userUpdated(betaFields(data.user)));
        } catch {
          // The beta section shows the failure.
        }
      },
    }),

    // ---- Favourites (token) --------------------------------------------------------------------
    /** Keyed by the user's uuid; every fetch refills the shared favourites slice (the source of truth on screen). */

    // ---- Buy again (token) ---------------------------------------------------------------------
    /** Keyed by the user's uuid, so another account on the same page never sees this one's list. */
    accountBuyAgain: build.query<BuyAgainItem[], { userUuid: string; limit: number }>({
      query: ({ limit }) => ({ url: '/orders/buy-again', params: { limit } }),
      extraOptions: { auth: true },
      transformResponse: (response: BuyAgainResponse) => response.items,
      // A new order (its mutation invalidates 'Order') changes what is bought most often.
      providesTags: [{ type: 'Order', id: 'BUY_AGAIN' }],
    }),
  }),
});

export const {
  useAccountLoginMutation,
  useAccountRegisterMutation,
  useAccountForgotPasswordMutation,
  useAccountResetPasswordMutation,
  useAccountVerifyEmailMutation,
  useAccountSaveAddressMutation,
  useAccountBetaStatusQuery,
  useAccountRequestBetaMutation,
  useAccountBuyAgainQuery,
} = accountApi;

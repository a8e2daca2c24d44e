// Re-sending the verification email (spec §7), shared because the shell's banner, the account
// remote's verify page and the checkout guard all offer it.
import { api } from '../api/api.ts';

export const verificationApi = api.injectEndpoints({
  endpoints: (build) => ({
    sessionResendVerification: build.mutation<{ success: boolean; message: string }, string>({
      query: (email) => ({ url: '/auth/email-verification/resend', method: 'POST', params: { email } }),
    }),
  }),
});

export const { useSessionResendVerificationMutation } = verificationApi;

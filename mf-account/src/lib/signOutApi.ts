// POST /auth/logout, injected into the one shared RTK Query api. A file of its own, not in accountApi.ts:
// the user menu is on every page's first load and needs only this call.
import { api } from '@grocer/shared';
import type { MessageResponse } from './accountApi.ts';

export const signOutApi = api.injectEndpoints({
  endpoints: (build) => ({
    // The token is passed in, not read from the store: the session is cleared at once, without waiting.
    accountSignOut: build.mutation<MessageResponse, string>({
      query: (token) => ({ url: '/auth/logout', method: 'POST', headers: { Authorization: `Bearer ${token}` } }),
    }),
  }),
});

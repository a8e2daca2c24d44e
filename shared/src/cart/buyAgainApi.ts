// GET /orders/buy-again, shared because two screens show it: order history and the account page.
// Keyed by the user's uuid, so a second account signing in on the same page never sees the first one's list.
import type { BuyAgainItem, BuyAgainResponse } from '../contracts/index.ts';
import { api } from '../api/api.ts';

export const buyAgainApi = api.injectEndpoints({
  endpoints: (build) => ({
    buyAgainList: build.query<BuyAgainItem[], { userUuid: string; limit: number }>({
      query: ({ limit }) => ({ url: '/orders/buy-again', params: { limit } }),
      extraOptions: { auth: true },
      transformResponse: (response: BuyAgainResponse) => response.items,
      // A new order changes what is bought most often.
      providesTags: [{ type: 'Order', id: 'BUY_AGAIN' }],
    }),
  }),
});

export const { useBuyAgainListQuery } = buyAgainApi;

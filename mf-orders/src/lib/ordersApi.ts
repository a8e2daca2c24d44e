// The orders remote's calls (spec §7 GET /orders/{id} and GET /orders/user/history), injected into
// the one shared RTK Query api. All three features read their hooks from here, since features never
// import each other. Both calls are keyed by the signed-in user's uuid, so a second account signing
// in on the same page never sees the first one's cached orders.
import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { api, type BuyAgainItem, type BuyAgainResponse, type Order, type ReorderResponse } from '@grocer/shared';
import { apiPaths, opsApiPaths } from '@grocer/shared/contracts';

/** History page size; also the spec's 'Load More' threshold (spec §9). */
export const HISTORY_PAGE_SIZE = 10;
/** Response header that carries the next page's cursor; absent on the last page. */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';

export interface OrderQueryArg {
  orderId: string;
  userUuid: string;
}

export interface OrderHistoryPage {
  orders: Order[];
  /** null on the last page. */
  nextCursor: string | null;
}

export const ordersApi = api.injectEndpoints({
  endpoints: (build) => ({
    ordersGet: build.query<Order, OrderQueryArg>({
      query: ({ orderId }) => apiPaths.order(orderId),
      extraOptions: { auth: true },
      providesTags: (_order, _error, { orderId }) => [{ type: 'Order', id: orderId }],
    }),
    /** Newest first, HISTORY_PAGE_SIZE per page; 'Load More Orders' appends the next page. */
    ordersHistory: build.infiniteQuery<OrderHistoryPage, string, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor,
      },
      query: ({ pageParam }) => ({
        url: '/orders/user/history',
        params: pageParam ? { limit: HISTORY_PAGE_SIZE, cursor: pageParam } : { limit: HISTORY_PAGE_SIZE },
      }),
      extraOptions: { auth: true },
      // The shared base query passes fetchBaseQuery's meta through; its type only says `{}`.
      transformResponse: (orders: Order[], meta) => ({
        orders: Array.isArray(orders) ? orders : [],
        nextCursor: (meta as FetchBaseQueryMeta | undefined)?.response?.headers.get(NEXT_CURSOR_HEADER) || null,
      }),
      providesTags: (data) => [
        { type: 'Order', id: 'HISTORY' },
        ...(data?.pages.flatMap((page) => page.orders.map((order) => ({ type: 'Order' as const, id: order.orderId }))) ?? []),
      ],
    }),
    /** 'Buy again': products of the user's past orders, most often bought first, as sold today. */
    ordersBuyAgain: build.query<BuyAgainItem[], { userUuid: string; limit: number }>({
      query: ({ limit }) => ({ url: '/orders/buy-again', params: { limit } }),
      extraOptions: { auth: true },
      transformResponse: (response: BuyAgainResponse) => response.items,
      // A new order (its mutation invalidates 'Order') changes what is bought most often.
      providesTags: [{ type: 'Order', id: 'BUY_AGAIN' }],
    }),
    /** What of a past order can go back into the cart today (the cart itself is the browser's). */
    ordersReorder: build.mutation<ReorderResponse, string>({
      query: (orderId) => ({ url: `/orders/${encodeURIComponent(orderId)}/reorder`, method: 'POST' }),
      extraOptions: { auth: true },
    }),
    /** A single-use ticket for the order's live stream (EventSource cannot send the bearer token). */
    ordersEventsTicket: build.mutation<{ ticket: string }, string>({
      query: (orderId) => ({ url: opsApiPaths.orderEventsTicket(orderId), method: 'POST' }),
      extraOptions: { auth: true },
    }),
  }),
});

export const {
  useOrdersGetQuery,
  useOrdersHistoryInfiniteQuery,
  useOrdersBuyAgainQuery,
  useOrdersReorderMutation,
  useOrdersEventsTicketMutation,
} = ordersApi;

// Checkout step 1's 'Delivery time': each cart store's windows and the shopper's holds
// (POST /delivery/windows), and holding one for 10 minutes (POST /delivery/holds).
import { api, type DeliveryHoldJson, type StoreWindowsJson } from '@grocer/shared';

export const deliveryWindowsApi = api.injectEndpoints({
  endpoints: (build) => ({
    checkoutDeliveryWindows: build.query<StoreWindowsJson[], { storeUuids: string[] }>({
      query: (body) => ({ url: '/delivery/windows', method: 'POST', body }),
      extraOptions: { auth: true },
      // Capacity changes while the shopper looks: ask again whenever step 1 shows.
      keepUnusedDataFor: 0,
    }),
    checkoutHoldWindow: build.mutation<DeliveryHoldJson, { storeUuid: string; startsAt: string }>({
      query: (body) => ({ url: '/delivery/holds', method: 'POST', body }),
      extraOptions: { auth: true },
    }),
  }),
});

export const { useCheckoutDeliveryWindowsQuery, useCheckoutHoldWindowMutation } = deliveryWindowsApi;

// The one RTK Query api of the page: one base URL, one tag space. Each feature adds its endpoints
// with `api.injectEndpoints` in its own `*Api.ts` file, prefixing names that could clash.
import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQuery } from './baseQuery.ts';

export const TAG_TYPES = ['Store', 'Category', 'Product', 'Favourite', 'Profile', 'Beta', 'Fees', 'Order'] as const;

export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: TAG_TYPES,
  // When the browser or the API (api/recovery.ts) comes back, the queries on screen are asked again.
  refetchOnReconnect: true,
  endpoints: () => ({}),
});

// A cart line's 'If out of stock' calls: what may replace a product (open), and the signed-in
// shopper's remembered choices (read to prefill lines, written when they change one).
import {
  api,
  type Product,
  type ProductSubstitutesResponse,
  type SubstitutionPreference,
  type SubstitutionPreferenceBody,
  type SubstitutionPreferencesResponse,
} from '@grocer/shared';

export const substitutionApi = api.injectEndpoints({
  endpoints: (build) => ({
    cartSubstitutes: build.query<Product[], string>({
      query: (productUuid) => `/open/product/${encodeURIComponent(productUuid)}/substitutes`,
      transformResponse: (response: ProductSubstitutesResponse) => response.products,
    }),
    /** Keyed by the user's uuid: another account on the same page never sees these. */
    cartSubstitutionPreferences: build.query<SubstitutionPreference[], string>({
      query: () => '/user/substitution-preferences',
      extraOptions: { auth: true },
      transformResponse: (response: SubstitutionPreferencesResponse) => response.preferences,
    }),
    cartSaveSubstitution: build.mutation<SubstitutionPreference, { productUuid: string; body: SubstitutionPreferenceBody }>({
      query: ({ productUuid, body }) => ({ url: `/user/substitution-preferences/${encodeURIComponent(productUuid)}`, method: 'PUT', body }),
      extraOptions: { auth: true },
    }),
  }),
});

export const { useCartSubstitutesQuery, useCartSubstitutionPreferencesQuery, useCartSaveSubstitutionMutation } = substitutionApi;

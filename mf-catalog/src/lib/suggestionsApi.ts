// The header search box's suggestions (GET /open/products/suggestions), injected into the one shared RTK
// Query api. A file of its own: the search box is on every page's first load, the pages' calls are not.
import { api, CONSTANTS, type SuggestionsResponse } from '@grocer/shared';

export const suggestionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    catalogSuggestions: build.query<SuggestionsResponse, string>({
      query: (query) => ({ url: '/open/products/suggestions', params: { query, limit: CONSTANTS.SUGGESTION_LIMIT } }),
    }),
  }),
});

export const { useCatalogSuggestionsQuery } = suggestionsApi;

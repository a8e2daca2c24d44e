// Favourites calls (spec §7), shared because several remotes use them: the catalogue's hearts and
// the account page's grid. The shell loads the list once whenever a user is signed in.
import type { Favourite, Product } from '../contracts/index.ts';
import { api } from '../api/api.ts';
import { apiErrorStatus } from '../api/baseQuery.ts';
import { showToast } from '../events/toast.ts';
import { favouritesLoaded } from './favouritesSlice.ts';

export const favouritesApi = api.injectEndpoints({
  endpoints: (build) => ({
    favouritesList: build.query<Product[], void>({
      query: () => '/favorites',
      extraOptions: { auth: true },
      transformResponse: (favourites: Favourite[]) => favourites.map((favourite) => favourite.product),
      providesTags: ['Favourite'],
      // Never reuse another session's list: a new sign-in fetches again.
      keepUnusedDataFor: 0,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(favouritesLoaded(data));
        } catch (failure) {
          // A 401 is already reported by the session-expired flow.
          if (apiErrorStatus((failure as { error?: unknown }).error) !== 401) showToast('error', 'Failed to load favorites');
        }
      },
    }),
    favouritesAdd: build.mutation<null, string>({
      extraOptions: { auth: true },
      async queryFn(productUuid, _api, _extraOptions, baseQuery) {
        const result = await baseQuery({ url: '/favorites', method: 'POST', body: { productUuid } });
        // Spec §4: a duplicate add (409) counts as success.
        if (result.error && result.error.status !== 409) return { error: result.error };
        return { data: null };
      },
    }),
    favouritesRemove: build.mutation<null, string>({
      extraOptions: { auth: true },
      async queryFn(productUuid, _api, _extraOptions, baseQuery) {
        const result = await baseQuery({ url: `/favorites/${encodeURIComponent(productUuid)}`, method: 'DELETE' });
        // Spec §4: removing one that is not there (404) counts as success.
        if (result.error && result.error.status !== 404) return { error: result.error };
        return { data: null };
      },
    }),
  }),
});

export const { useFavouritesListQuery, useFavouritesAddMutation, useFavouritesRemoveMutation } = favouritesApi;

// @grocer/shared: everything the shell and the remotes have in common. It is one Module Federation
// singleton, so exports here are part of the page's shared chunk: keep test and dev-only helpers
// in `@grocer/shared/testing` and `@grocer/shared/harness` instead.

// Contracts
export * from './contracts/entities.ts';
export * from './contracts/remotes.ts';
export * from './contracts/navigation.ts';
export * from './contracts/routes.ts';
export * from './contracts/apiPaths.ts';
// The store side's values (paths, limits, state lists) stay out of every shopper's first load: only
// its types are here; the screens that need the values import them from '@grocer/shared/contracts'.
export type * from './contracts/ops.ts';
export type * from './contracts/vitals.ts';
// Store, state and API
export * from './store/store.ts';
export * from './store/persistence.ts';
export * from './api/api.ts';
export * from './api/baseQuery.ts';
export { provideEarlyResponse } from './api/earlyResponses.ts';
export * from './session/sessionSlice.ts';
export * from './session/token.ts';
export * from './session/verificationApi.ts';
export * from './session/profileApi.ts';
export * from './session/googleSignInApi.ts';
export { disableGoogleAutoSelect } from './session/googleAccounts.ts';
export * from './session/userChecks.ts';
export * from './cart/cartSlice.ts';
export * from './cart/addToCart.ts';
export * from './cart/refreshCartStock.ts';
export * from './favourites/favouritesSlice.ts';
export * from './favourites/favouritesApi.ts';
export * from './delivery/deliveryFeesApi.ts';
export * from './delivery/storeRulesApi.ts';
// Events
export * from './events/bus.ts';
export * from './events/toast.ts';
// Runtime configuration, paths, storage keys and constants
export * from './config/runtimeConfig.ts';
export * from './config/assetUrl.ts';
export * from './paths.ts';
export * from './storage.ts';
export * from './constants.ts';
// Formatting and validation
export * from './format/money.ts';
export * from './format/date.ts';
export * from './format/status.ts';
export * from './validation/index.ts';
// UI primitives
export * from './ui/RoutePlaceholder.tsx';
export * from './ui/useTimers.ts';
export * from './ui/focusOnMount.ts';
export * from './ui/Notice.tsx';
export * from './ui/Picture.tsx';
export * from './ui/GoogleSignInButton.tsx';
export * from './ui/externalNavigation.ts';

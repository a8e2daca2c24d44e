// What the shell expects of each remote: the modules it exposes and the props they take.
// Each remote's rspack `exposes` map is built from REMOTE_EXPOSES, and a contract test checks the
// built manifests against it (tools/src/remoteContract.test.ts, also run by `npm run ops:check`),
// so shell and remotes cannot drift apart silently.
import type { ComponentType } from 'react';
import type { AppDispatch } from '../store/store.ts';

export type RemoteName = 'catalog' | 'cartCheckout' | 'account' | 'orders';

/** Route pages take no props: they read params from the router and data from the store/api. */
export type RoutePage = ComponentType;

/** Where a route page opens: its route's params and the URL's query, as the router gives them to the page. */
export interface PageLocation {
  params: Readonly<Record<string, string | undefined>>;
  search: URLSearchParams;
}

/**
 * A route page's module may export one of these as `loadPageData`: it starts the reads the page's
 * first render makes, with the same arguments, and settles once they have answered or failed.
 * The shell waits for it (within a budget) before the visit's first page renders. That page then
 * renders once, with its data, in slices the browser can interrupt; otherwise it renders loading,
 * then again when each answer lands, and a store update renders in one blocking task.
 */
export type PageDataLoader = (location: PageLocation, dispatch: AppDispatch) => Promise<void>;

export interface RemoteModules {
  'catalog/HomePage': RoutePage;
  'catalog/StorePage': RoutePage;
  'catalog/SearchPage': RoutePage;
  /** One product of a store, with the other stores that sell it. */
  'catalog/ProductPage': RoutePage;
  /** Header search box with suggestions. */
  'catalog/SearchBox': ComponentType;
  /** Header Stores dropdown. */
  'catalog/StoresMenu': ComponentType;
  'cartCheckout/CartPage': RoutePage;
  'cartCheckout/CheckoutPage': RoutePage;
  /** Header cart icon with the item count. */
  'cartCheckout/CartIcon': ComponentType;
  'account/AccountPage': RoutePage;
  'account/VerifyEmailPage': RoutePage;
  'account/ResetPasswordPage': RoutePage;
  /** Header user menu (Sign In / Sign Up, or the signed-in menu). */
  'account/UserMenu': ComponentType;
  /** The auth modal; opens on the `auth:open-modal` event. Mounted once by the shell. */
  'account/AuthModal': ComponentType;
  'orders/OrderConfirmationPage': RoutePage;
  'orders/OrderDetailsPage': RoutePage;
  'orders/OrderHistoryPage': RoutePage;
}

export type RemoteModuleId = keyof RemoteModules;

/** A remote's contract.ts checks each exposed module with it: its typecheck fails unless `Actual` fits `Expected`. */
export type Fits<Actual extends Expected, Expected> = [Actual, Expected];

/** Modules the shell can render without props: route pages and header widgets. */
export type PropLessModuleId = {
  [K in RemoteModuleId]: RemoteModules[K] extends ComponentType ? K : never;
}[RemoteModuleId];
export type RemoteModuleExports<K extends RemoteModuleId> = { default: RemoteModules[K]; loadPageData?: PageDataLoader };

type ExposedOf<R extends RemoteName> = {
  [K in RemoteModuleId]: K extends `${R}/${infer M}` ? M : never;
}[RemoteModuleId];

/** The exposed module names per remote (without the `./` prefix rspack uses). */
export const REMOTE_EXPOSES: { [R in RemoteName]: readonly ExposedOf<R>[] } = {
  catalog: ['HomePage', 'StorePage', 'SearchPage', 'ProductPage', 'SearchBox', 'StoresMenu'],
  cartCheckout: ['CartPage', 'CheckoutPage', 'CartIcon'],
  account: ['AccountPage', 'VerifyEmailPage', 'ResetPasswordPage', 'UserMenu', 'AuthModal'],
  orders: ['OrderConfirmationPage', 'OrderDetailsPage', 'OrderHistoryPage'],
};

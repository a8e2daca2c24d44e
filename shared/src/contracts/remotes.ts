// What the shell expects of each remote: the modules it exposes and the props they take.
// Each remote's rspack `exposes` map is built from REMOTE_EXPOSES, and a contract test checks the
// built manifests against it (tools/src/remoteContract.test.ts, also run by `npm run ops:check`),
// so shell and remotes cannot drift apart silently.
import type { ComponentType } from 'react';

export type RemoteName = 'catalog' | 'cartCheckout' | 'account' | 'orders';

/** Route pages take no props: they read params from the router and data from the store/api. */
export type RoutePage = ComponentType;

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
export type RemoteModuleExports<K extends RemoteModuleId> = { default: RemoteModules[K] };

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

export function remoteOf(id: RemoteModuleId): RemoteName {
  return id.slice(0, id.indexOf('/')) as RemoteName;
}

// Compile-time half of the shell ↔ mf-cart-checkout contract: each exposed module's default export must fit what the
// shell expects of it (RemoteModules in @grocer/shared). A prop or export change that would break the
// composed page fails this remote's typecheck; tools/src/remoteContract.test.ts checks the built manifest.
import type { Fits, RemoteModules } from '@grocer/shared';
import type CartPage from './features/cart/CartPage.tsx';
import type CheckoutPage from './features/checkout/CheckoutPage.tsx';
import type CartIcon from './features/cart-icon/CartIcon.tsx';

export type ExposedModulesContract = [
  Fits<typeof CartPage, RemoteModules['cartCheckout/CartPage']>,
  Fits<typeof CheckoutPage, RemoteModules['cartCheckout/CheckoutPage']>,
  Fits<typeof CartIcon, RemoteModules['cartCheckout/CartIcon']>,
];

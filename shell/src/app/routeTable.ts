// The route table of spec §2: which remote module renders each path and who may enter it.
import { routePatterns, type PropLessModuleId } from '@grocer/shared';

export type Access = 'open' | 'customer' | 'customer-or-admin';

export interface RemoteRoute {
  path: string;
  module: PropLessModuleId;
  access: Access;
}

// Admins pass the guard where admin access is allowed (spec §6): everything but placing an order.
export const REMOTE_ROUTES: readonly RemoteRoute[] = [
  { path: routePatterns.home, module: 'catalog/HomePage', access: 'open' },
  { path: routePatterns.store, module: 'catalog/StorePage', access: 'open' },
  { path: routePatterns.storeCategory, module: 'catalog/StorePage', access: 'open' },
  { path: routePatterns.search, module: 'catalog/SearchPage', access: 'open' },
  { path: routePatterns.cart, module: 'cartCheckout/CartPage', access: 'open' },
  { path: routePatterns.verifyEmail, module: 'account/VerifyEmailPage', access: 'open' },
  { path: routePatterns.resetPassword, module: 'account/ResetPasswordPage', access: 'open' },
  { path: routePatterns.account, module: 'account/AccountPage', access: 'customer-or-admin' },
  { path: routePatterns.checkout, module: 'cartCheckout/CheckoutPage', access: 'customer' },
  { path: routePatterns.orderConfirmation, module: 'orders/OrderConfirmationPage', access: 'customer-or-admin' },
  { path: routePatterns.orderDetails, module: 'orders/OrderDetailsPage', access: 'customer-or-admin' },
  { path: routePatterns.orderHistory, module: 'orders/OrderHistoryPage', access: 'customer-or-admin' },
];

/** The remote widgets of the layout on every page (Header.tsx, Layout.tsx), preloaded with the first route. */
export const LAYOUT_MODULES: readonly PropLessModuleId[] = [
  'catalog/StoresMenu',
  'catalog/SearchBox',
  'cartCheckout/CartIcon',
  'account/UserMenu',
];

// The route table of spec §2: which remote module renders each path and who may enter it.
// It imports only the contracts (no runtime imports), so the shell's entry can read it before the
// shared libraries (React Router among them) have loaded: see firstScreenModules.
import { routePatterns, type PropLessModuleId } from '@grocer/shared/contracts';

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
  { path: routePatterns.product, module: 'catalog/ProductPage', access: 'open' },
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
  'account/AuthModal',
];

/**
 * Whether `pathname` matches a pattern of the table: static segments (case-insensitive) and `:param`
 * segments, nothing else, as React Router reads them (routeTable.test.ts holds the two to the same answers). It exists
 * because the shell's entry needs it before React Router has loaded.
 */
export function matchesPattern(pattern: string, pathname: string): boolean {
  // One leading and one trailing slash are optional; an empty segment inside matches nothing.
  const split = (path: string) => path.replace(/^\/|\/$/g, '').split('/');
  const want = split(pattern);
  const have = split(pathname);
  return (
    want.length === have.length &&
    want.every((segment, i) => (segment.startsWith(':') ? have[i] !== '' : segment.toLowerCase() === have[i]!.toLowerCase()))
  );
}

/**
 * The remote modules the first screen at `pathname` renders: the layout's widgets and the open
 * route's page. Protected pages are left out: a visitor may be sent elsewhere.
 */
export function firstScreenModules(pathname: string): PropLessModuleId[] {
  const route = REMOTE_ROUTES.find((r) => r.access === 'open' && matchesPattern(r.path, pathname));
  return route ? [...LAYOUT_MODULES, route.module] : [...LAYOUT_MODULES];
}

/** The pattern of the route a pathname renders ("/store/:pathName"), or null when none does. */
export function routePatternOf(pathname: string): string | null {
  return REMOTE_ROUTES.find((r) => matchesPattern(r.path, pathname))?.path ?? null;
}

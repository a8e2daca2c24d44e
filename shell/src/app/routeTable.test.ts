import { matchPath, matchRoutes } from 'react-router';
import { routePatterns, type RemoteRoutes } from '@grocer/shared';
import { composeRoutes, firstPageRoute, matchesPattern, type RouteTable } from './routeTable.ts';

const firstPageModule = (table: RouteTable, pathname: string, signedIn?: boolean) => firstPageRoute(table, pathname, signedIn)?.id ?? null;

const PATHS = [
  '/',
  '/cart',
  '/CART',
  '/cart/',
  '/cart/extra',
  '/search',
  '/store/andersonville-co-op',
  '/store/andersonville-co-op/',
  '/store/andersonville-co-op/category/9b2f',
  '/store/andersonville-co-op/product/9b2f',
  '/store/andersonville-co-op/product',
  '/store',
  '/store/a/category',
  '/order-details/42',
  '/order-history',
  '/account',
  '/checkout',
  '/verify-email',
  '/reset-password',
  '/contact',
  '/nowhere',
  '//cart',
  '/store//category/9b2f',
  '/order-details/',
];

// Hand-made declarations: the real ones are each remote's src/routes.ts (tools/src/routeContract.test.ts).
const catalog: RemoteRoutes = {
  routes: [
    { path: routePatterns.home, module: 'HomePage', access: 'public' },
    { path: routePatterns.product, module: 'ProductPage', access: 'public' },
  ],
};
const cart: RemoteRoutes = {
  routes: [
    { path: routePatterns.cart, module: 'CartPage', access: 'public' },
    { path: routePatterns.checkout, module: 'CheckoutPage', access: { roles: ['CUSTOMER'] } },
  ],
};

describe('the route table read before React Router loads', () => {
  it.each(Object.values(routePatterns))('matchesPattern answers as React Router’s matchPath for %s', (pattern) => {
    for (const pathname of PATHS) {
      expect({ pathname, match: matchesPattern(pattern, pathname) }).toEqual({ pathname, match: matchPath(pattern, pathname) !== null });
    }
  });

  it('composes the remotes’ routes into one table, each page loaded from its owner', () => {
    const table = composeRoutes([
      ['catalog', catalog],
      ['cartCheckout', cart],
    ]);
    expect(table).toMatchObject({ missing: [], pending: [] });
    expect(table.routes.map((r) => [r.path, r.id])).toEqual([
      ['/', 'catalog/HomePage'],
      ['/store/:pathName/product/:productUuid', 'catalog/ProductPage'],
      ['/cart', 'cartCheckout/CartPage'],
      ['/checkout', 'cartCheckout/CheckoutPage'],
    ]);
  });

  it('the first page preloads the module of the public route that renders there', () => {
    const table = composeRoutes([
      ['catalog', catalog],
      ['cartCheckout', cart],
    ]);
    expect(firstPageModule(table, '/cart')).toBe('cartCheckout/CartPage');
    expect(firstPageModule(table, '/CART/')).toBe('cartCheckout/CartPage');
    expect(firstPageModule(table, '/store/andersonville-co-op/product/9b2f')).toBe('catalog/ProductPage');
    expect(firstPageModule(table, '/')).toBe('catalog/HomePage');
  });

  it('a protected page preloads only with a stored session (a visitor may be sent elsewhere), an unknown one never', () => {
    const table = composeRoutes([['cartCheckout', cart]]);
    expect(firstPageModule(table, '/checkout')).toBeNull();
    expect(firstPageModule(table, '/checkout', true)).toBe('cartCheckout/CheckoutPage');
    expect(firstPageModule(table, '/nowhere')).toBeNull();
    expect(firstPageModule(table, '/nowhere', true)).toBeNull();
  });

  it('a remote whose routes could not be read is reported missing, one still being read pending; the others still compose', () => {
    const table = composeRoutes([
      ['catalog', null],
      ['cartCheckout', cart],
      ['ops', undefined],
    ]);
    expect(table.missing).toEqual(['catalog']);
    expect(table.pending).toEqual(['ops']);
    expect(table.routes.map((r) => r.id)).toEqual(['cartCheckout/CartPage', 'cartCheckout/CheckoutPage']);
  });

  it('a malformed entry is left out and logged; a path claimed twice goes to the first remote, as React Router and the preload read it', () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    const rogue = {
      routes: [
        { path: '/CART', module: 'Takeover', access: 'public' },
        { path: 42, module: 'Broken', access: 'public' },
        { path: '/ops', access: 'public' },
        { path: '/admin', module: 'OpsPage', access: { roles: ['ADMIN'] } },
      ],
    } as unknown as RemoteRoutes;
    const table = composeRoutes([
      ['cartCheckout', cart],
      ['rogue', rogue],
      ['empty', {} as RemoteRoutes],
    ]);
    expect(table.routes.map((r) => r.id)).toEqual([
      'cartCheckout/CartPage',
      'cartCheckout/CheckoutPage',
      'rogue/Takeover',
      'rogue/OpsPage',
    ]);
    expect(error).toHaveBeenCalledTimes(2);
    error.mockRestore();
    expect(firstPageModule(table, '/cart')).toBe('cartCheckout/CartPage');
    const ranked = matchRoutes(
      table.routes.map((r) => ({ path: r.path, id: r.id })),
      '/cart',
    );
    expect(ranked?.[0]?.route.id).toBe('cartCheckout/CartPage');
  });

  it('a first screen is a file of the remote’s own origin, relative to its routes.json; any other is left out', () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    const declare = (firstScreen: string): RemoteRoutes => ({
      routes: [{ path: '/cart', module: 'CartPage', access: 'public', firstScreen }],
    });
    const screenOf = (routes: RemoteRoutes, url?: string) => composeRoutes([['cartCheckout', routes, url]]).routes[0]!.firstScreen;
    expect(screenOf(declare('first-screen/CartPage.0a1b.js'), 'http://cart.test/v2/routes.json')).toBe(
      'http://cart.test/v2/first-screen/CartPage.0a1b.js',
    );
    expect(screenOf(declare('https://elsewhere.test/x.js'), 'http://cart.test/routes.json')).toBeUndefined();
    expect(screenOf(declare('//elsewhere.test/x.js'), 'http://cart.test/routes.json')).toBeUndefined();
    // Read from nowhere known (a table written by hand): nothing to resolve it against.
    expect(screenOf(declare('first-screen/CartPage.0a1b.js'))).toBeUndefined();
    expect(
      screenOf({ routes: [{ path: '/cart', module: 'CartPage', access: 'public', firstScreen: 42 as unknown as string }] }),
    ).toBeUndefined();
    expect(error).not.toHaveBeenCalled();
    error.mockRestore();
  });
});

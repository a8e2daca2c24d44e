// The route contract over the house's real remotes (each one's rspack config: its `exposes` and its
// src/routes.ts), and over hand-made declarations that break it.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Configuration } from '@rspack/core';
import { routePatterns, type RemoteRoutes } from '@grocer/shared/contracts';
import { PRESENT_APPS } from './ports.ts';
import { RoutesPlugin } from './rspack.ts';
import { checkFirstScreens, checkRemoteRoutes, checkRouteContract, type RemoteRouteSource } from './routeContract.ts';
import { REPO_ROOT } from './stack.ts';

type ConfigFactory = (env: unknown, argv: { mode?: string }) => Configuration | Configuration[];

/** What a remote's production build is told: its exposes and routes, as the plugin that writes routes.json holds them. */
async function declaredBy(dir: string): Promise<RemoteRouteSource> {
  const config = (await import(pathToFileURL(path.join(REPO_ROOT, dir, 'rspack.config.ts')).href)) as { default: ConfigFactory };
  const plugin = [config.default(undefined, { mode: 'production' })]
    .flat()
    .flatMap((c) => c.plugins ?? [])
    .find((p) => p instanceof RoutesPlugin);
  if (!plugin) throw new Error(`${dir}/rspack.config.ts builds no routes.json`);
  return plugin.source;
}

const remotes = PRESENT_APPS.filter((a) => a.remote !== null);

describe('the routes the remotes declare', () => {
  let sources: RemoteRouteSource[];
  beforeAll(async () => {
    sources = await Promise.all(remotes.map((a) => declaredBy(a.dir)));
  }, 60_000);

  it('keep the contract: every page exposed by its remote, no path claimed twice', () => {
    expect(sources.map((s) => s.remote)).toEqual(remotes.map((a) => a.remote));
    expect(checkRouteContract(sources)).toEqual([]);
  });

  it('compose exactly the routes and guards of spec §2 (admins pass everywhere but checkout)', () => {
    const table = Object.fromEntries(sources.flatMap((s) => s.routes.routes.map((r) => [r.path, [`${s.remote}/${r.module}`, r.access]])));
    const customerOrAdmin = { roles: ['CUSTOMER', 'ADMIN'] };
    expect(table).toMatchObject({
      [routePatterns.home]: ['catalog/HomePage', 'public'],
      [routePatterns.store]: ['catalog/StorePage', 'public'],
      [routePatterns.storeCategory]: ['catalog/StorePage', 'public'],
      [routePatterns.search]: ['catalog/SearchPage', 'public'],
      [routePatterns.product]: ['catalog/ProductPage', 'public'],
      [routePatterns.cart]: ['cartCheckout/CartPage', 'public'],
      [routePatterns.verifyEmail]: ['account/VerifyEmailPage', 'public'],
      [routePatterns.resetPassword]: ['account/ResetPasswordPage', 'public'],
      // Staff pass too: the page opens their store-side account.
      [routePatterns.account]: ['account/AccountPage', { roles: ['CUSTOMER', 'ADMIN', 'STORE_STAFF'] }],
      [routePatterns.checkout]: ['cartCheckout/CheckoutPage', { roles: ['CUSTOMER'] }],
      [routePatterns.orderConfirmation]: ['orders/OrderConfirmationPage', customerOrAdmin],
      [routePatterns.orderDetails]: ['orders/OrderDetailsPage', customerOrAdmin],
      [routePatterns.orderHistory]: ['orders/OrderHistoryPage', customerOrAdmin],
    });
    // The shell keeps /contact and the not-found page: no remote may take them.
    expect(table[routePatterns.contact]).toBeUndefined();
  });
});

describe('checkRouteContract', () => {
  const routes = (...list: RemoteRoutes['routes']): RemoteRoutes => ({ routes: list });
  const orders: RemoteRouteSource = {
    remote: 'orders',
    exposes: ['OrderHistoryPage', 'OrderDetailsPage'],
    routes: routes(
      { path: '/order-history', module: 'OrderHistoryPage', access: { roles: ['CUSTOMER', 'ADMIN'] } },
      { path: '/order-details/:orderId', module: 'OrderDetailsPage', access: 'signed-in' },
    ),
  };

  it('accepts remotes that expose their pages and claim distinct paths', () => {
    const ops: RemoteRouteSource = {
      remote: 'ops',
      exposes: ['BoardPage'],
      routes: routes({ path: '/admin', module: 'BoardPage', access: { roles: ['ADMIN', 'STORE_STAFF'] } }),
    };
    expect(checkRouteContract([orders, ops])).toEqual([]);
  });

  it('fails on two remotes claiming the same path, whatever the case or parameter names', () => {
    const rogue: RemoteRouteSource = {
      remote: 'ops',
      exposes: ['History', 'Details'],
      routes: routes(
        { path: '/Order-History', module: 'History', access: 'public' },
        { path: '/order-details/:id', module: 'Details', access: 'public' },
      ),
    };
    expect(checkRouteContract([orders, rogue])).toEqual([
      '/Order-History is claimed by both orders and ops',
      '/order-details/:id is claimed by both orders and ops',
    ]);
  });

  it('fails on a route whose module the remote does not expose', () => {
    const renamed = { ...orders, exposes: ['OrderHistoryPage', 'OrderDetailsView'] };
    expect(checkRouteContract([renamed])).toEqual([
      'orders: route /order-details/:orderId renders OrderDetailsPage, which orders does not expose (exposes: OrderHistoryPage, OrderDetailsView)',
    ]);
  });

  it('fails on a pattern the shell cannot match, a path declared twice, and an unknown access or role', () => {
    const sloppy: RemoteRouteSource = {
      remote: 'ops',
      exposes: ['Page'],
      routes: routes(
        { path: '/admin/*', module: 'Page', access: 'public' },
        { path: 'admin', module: 'Page', access: 'public' },
        { path: '/a', module: 'Page', access: 'public' },
        { path: '/A', module: 'Page', access: 'public' },
        { path: '/b', module: 'Page', access: 'everyone' as 'public' },
        { path: '/c', module: 'Page', access: { roles: ['OWNER' as 'ADMIN'] } },
        { path: '/d', module: 'Page', access: { roles: [] } },
      ),
    };
    expect(checkRouteContract([sloppy])).toEqual([
      'ops: route /admin/* is not a pattern of static and :param segments',
      'ops: route admin is not a pattern of static and :param segments',
      'ops: route /A is declared twice',
      `ops: route /b has access "everyone"; expected 'public', 'signed-in' or { roles: [...] }`,
      'ops: route /c admits unknown roles OWNER',
      `ops: route /d has access {"roles":[]}; expected 'public', 'signed-in' or { roles: [...] }`,
    ]);
  });
});

describe('first screens in routes.json', () => {
  const details = { path: '/order-details/:orderId', module: 'OrderDetailsPage', access: 'signed-in' } as const;
  const source = (...list: RemoteRoutes['routes']): RemoteRouteSource => ({
    remote: 'orders',
    exposes: ['OrderHistoryPage', 'OrderDetailsPage'],
    routes: { routes: list },
  });

  it('accepts a route naming its page’s first screen: first-screen/<Module>.<hash>.js, beside routes.json', () => {
    expect(checkRemoteRoutes(source({ ...details, firstScreen: 'first-screen/OrderDetailsPage.0123456789.js' }))).toEqual([]);
  });

  it('fails on a first screen elsewhere, of another page, without its hash, or not a script', () => {
    const named = (firstScreen: unknown) => checkRemoteRoutes(source({ ...details, firstScreen: firstScreen as string }));
    for (const firstScreen of [
      '/first-screen/OrderDetailsPage.0123456789.js',
      'https://elsewhere.test/first-screen/OrderDetailsPage.0123456789.js',
      'first-screen/../OrderDetailsPage.0123456789.js',
      'first-screen/OrderHistoryPage.0123456789.js',
      'first-screen/OrderDetailsPage.js',
      'first-screen/OrderDetailsPage.0123456789.css',
      'OrderDetailsPage.0123456789.js',
      '',
      7,
    ]) {
      expect(named(firstScreen)).toEqual([
        `orders: route /order-details/:orderId names first screen ${JSON.stringify(firstScreen)}; expected first-screen/OrderDetailsPage.<hash>.js`,
      ]);
    }
  });

  it('builds first screens only for pages the remote exposes and routes to, and routes.ts names none', () => {
    const history = { path: '/order-history', module: 'OrderHistoryPage', access: 'signed-in' } as const;
    expect(checkFirstScreens(source(details, history), ['OrderDetailsPage', 'OrderHistoryPage'])).toEqual([]);
    expect(checkFirstScreens(source(details), ['OrderDetailPage', 'OrderHistoryPage'])).toEqual([
      'orders: first screen OrderDetailPage is not a module it exposes (exposes: OrderHistoryPage, OrderDetailsPage)',
      'orders: first screen OrderHistoryPage is the page of none of its routes',
    ]);
    expect(checkFirstScreens(source({ ...details, firstScreen: 'first-screen/OrderDetailsPage.0123456789.js' }), [])).toEqual([
      'orders: route /order-details/:orderId names its first screen in routes.ts; the build writes it',
    ]);
  });
});

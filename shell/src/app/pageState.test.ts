import { routePatterns, STORAGE_KEYS } from '@grocer/shared';
import { firstScreenRoute, PAGE_STATE } from './pageState.ts';
import { composeRoutes } from './routeTable.ts';

const ORDERS_ROUTES = 'http://orders.test/routes.json';
const CART_ROUTES = 'http://cart.test/routes.json';

/** The blocks the page server writes into a page it leaves to the browser, or renders (`modules`). */
function page({ routes = true, modules = false } = {}) {
  const table = composeRoutes([
    [
      'cartCheckout',
      {
        routes: [
          { path: routePatterns.cart, module: 'CartPage', access: 'public', render: 'browser', firstScreen: 'first-screen/CartPage.1.js' },
          { path: routePatterns.checkout, module: 'CheckoutPage', access: { roles: ['CUSTOMER'] } },
        ],
      },
      CART_ROUTES,
    ],
    [
      'orders',
      {
        routes: [
          { path: routePatterns.orderDetails, module: 'OrderDetailsPage', access: 'signed-in', firstScreen: 'first-screen/Order.2.js' },
        ],
      },
      ORDERS_ROUTES,
    ],
  ]);
  document.body.innerHTML =
    '<div id="root"></div>' +
    (routes ? `<script type="application/json" ${PAGE_STATE}="routes">${JSON.stringify(table)}</script>` : '') +
    (modules ? `<script type="application/json" ${PAGE_STATE}="modules">["cartCheckout/CartPage"]</script>` : '');
}

afterEach(() => {
  localStorage.clear();
  document.body.innerHTML = '';
});

describe('the first screen the entry loads, from the route table the page server wrote into the page', () => {
  it('is the page’s remote’s, as an absolute URL, with the route it matched', () => {
    page();
    expect(firstScreenRoute('/cart')).toMatchObject({
      id: 'cartCheckout/CartPage',
      firstScreen: 'http://cart.test/first-screen/CartPage.1.js',
    });
  });

  it('a page behind a sign-in has it only with a stored session (a visitor is sent elsewhere)', () => {
    page();
    expect(firstScreenRoute('/order-details/42')).toBeUndefined();
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ token: 't' }));
    expect(firstScreenRoute('/order-details/42')?.firstScreen).toBe('http://orders.test/first-screen/Order.2.js');
  });

  it('none for a page whose remote builds none, a page the server rendered, or a page without the table', () => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ token: 't' }));
    page();
    expect(firstScreenRoute('/checkout')).toBeUndefined();
    expect(firstScreenRoute('/contact')).toBeUndefined();
    page({ modules: true });
    expect(firstScreenRoute('/cart')).toBeUndefined();
    page({ routes: false });
    expect(firstScreenRoute('/cart')).toBeUndefined();
  });
});

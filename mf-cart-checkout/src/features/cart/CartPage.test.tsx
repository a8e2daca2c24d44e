import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { events, type CartItem, type User } from '@grocer/shared';
import { mockFetch, renderWithProviders, type FetchMock, type MockHandler, type MockRequest } from '@grocer/shared/testing';
import {
  bread,
  corner,
  eggs,
  feesFor,
  freshMart,
  line,
  makePricing,
  makeProduct,
  makeShopper,
  makeUser,
  milk,
} from '../../testing/fixtures.ts';
import { makeStore, storeRulesApi } from '@grocer/shared';
import CartPage, { loadPageData } from './CartPage.tsx';

let net: FetchMock;
let toasts: string[];
let offToasts: () => void;

/** The catalogue answers every store's products as in stock unless a test says otherwise. */
function mockApi(routes: Record<string, MockHandler> = {}) {
  net = mockFetch({
    'GET /open/products/fresh-mart': () => ({ body: [milk, bread] }),
    'GET /open/products/corner-shop': () => ({ body: [eggs] }),
    'POST /delivery-fees': () => ({ body: feesFor({ [freshMart.uuid]: 2, [corner.uuid]: 1.2 }) }),
    'POST /pricing/calculate': () => ({ body: { pricing: makePricing(), deliveryFees: feesFor({ [freshMart.uuid]: 2 }) } }),
    ...routes,
  });
}

const requestsTo = (path: string): MockRequest[] => net.calls.filter((call) => call.url.pathname === path);

function renderCart(items: CartItem[], user: User | null = null) {
  return renderWithProviders(<CartPage />, { preloadedState: { cart: { items }, session: { user } }, route: '/cart' });
}

beforeEach(() => {
  toasts = [];
  offToasts = events.on('toast:show', ({ kind, message }) => toasts.push(`${kind}: ${message}`));
});
afterEach(() => {
  offToasts();
  net?.restore();
});

describe('CartPage', () => {
  it('shows a friendly empty state under the Cart heading', () => {
    mockApi();
    renderCart([]);
    expect(screen.getByRole('heading', { level: 1, name: 'Cart' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start Shopping' })).toHaveAttribute('href', '/');
  });

  it('groups lines by store with image, name, unit price, quantity controls and line totals', () => {
    mockApi();
    renderCart([line(milk, 2), line(eggs), line(bread)]);
    expect(screen.getByText('4 items from 2 stores')).toBeInTheDocument();

    const fresh = screen.getByRole('region', { name: 'Fresh Mart' });
    expect(within(fresh).getAllByRole('listitem')).toHaveLength(2);
    const milkLine = within(fresh).getAllByRole('listitem')[0]!;
    expect(within(milkLine).getByRole('heading', { name: 'Whole Milk' })).toBeInTheDocument();
    expect(within(milkLine).getByText(/\$3\.49 each/)).toHaveTextContent('$3.49 each · $0.03/fl oz');
    expect(within(milkLine).getByText('$6.98')).toBeInTheDocument();
    const img = milkLine.querySelector('img');
    expect(img).toHaveAttribute('src', 'http://localhost:4000/images/products/p-milk.jpg');
    expect(img).toHaveAttribute('width', '48');
    expect(img).toHaveAttribute('height', '48');

    const cornerShop = screen.getByRole('region', { name: 'Corner Shop' });
    expect(within(cornerShop).getByRole('heading', { name: 'Free-range Eggs' })).toBeInTheDocument();
  });

  it('links the picture and the name to the product page; a line of an unknown store links nowhere', () => {
    mockApi();
    const gone = makeProduct({
      uuid: 'p-gone',
      name: 'Old Jam',
      store: { uuid: 'store-gone', name: 'Unknown Store' },
      storeUuid: 'store-gone',
    });
    renderCart([line(milk), line(gone)]);
    const name = screen.getByRole('link', { name: 'Whole Milk' });
    expect(name).toHaveAttribute('href', '/store/fresh-mart/product/p-milk');
    const picture = screen.getAllByRole('listitem')[0]!.querySelector('img')!.closest('a');
    expect(picture).toHaveAttribute('href', '/store/fresh-mart/product/p-milk');
    expect(picture).toHaveAttribute('tabindex', '-1');
    expect(screen.queryByRole('link', { name: 'Old Jam' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Old Jam' })).toBeInTheDocument();
  });

  it('changes quantities (never below 1) and removes lines', () => {
    mockApi();
    const { store } = renderCart([line(milk), line(bread, 2)]);
    const decrease = screen.getByRole('button', { name: 'Decrease quantity of Whole Milk' });
    expect(decrease).toBeDisabled();

    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity of Whole Milk' }));
    expect(store.getState().cart.items[0]?.quantity).toBe(2);
    expect(decrease).toBeEnabled();
    expect(within(screen.getByRole('group', { name: 'Quantity of Whole Milk' })).getByText('2')).toBeInTheDocument();
    fireEvent.click(decrease);
    expect(store.getState().cart.items[0]?.quantity).toBe(1);

    fireEvent.click(screen.getByRole('button', { name: 'Remove Rye Bread from cart' }));
    expect(store.getState().cart.items.map((item) => item.uuid)).toEqual(['p-milk']);
    expect(screen.queryByRole('heading', { name: 'Rye Bread' })).not.toBeInTheDocument();
  });

  it('shows a visitor the subtotal only, with the sign-in prompt, and asks for no fees', async () => {
    mockApi();
    renderCart([line(milk, 2), line(bread)]);
    const summary = screen.getByRole('complementary', { name: 'Order Summary' });
    expect(within(summary).getByText('Subtotal').nextSibling).toHaveTextContent('$11.23');
    expect(within(summary).queryByText('Total')).not.toBeInTheDocument();

    // One thing to do first: sign in (not also 'add your address', which needs an account).
    expect(within(summary).getByText('Delivery fees, tax and the total are shown once you sign in.')).toBeInTheDocument();
    expect(within(summary).queryByText('Delivery fee: add your address')).not.toBeInTheDocument();
    expect(within(summary).getByRole('heading', { name: 'Sign in to check out' })).toBeInTheDocument();
    // The button's code loads on first render (@grocer/shared GoogleSignInButton).
    expect(await within(summary).findByRole('button', { name: 'Sign in with Google' })).toBeInTheDocument();
    const opened: string[] = [];
    const off = events.on('auth:open-modal', ({ mode }) => opened.push(mode));
    fireEvent.click(within(summary).getByRole('button', { name: 'Sign In' }));
    off();
    expect(opened).toEqual(['signin']);

    await act(() => new Promise((resolve) => setTimeout(resolve, 150)));
    expect(requestsTo('/delivery-fees')).toHaveLength(0);
    expect(requestsTo('/pricing/calculate')).toHaveLength(0);
  });

  it('shows a signed-in shopper per-store delivery fees and the server pricing, and asks again when the stores change', async () => {
    mockApi();
    const shopper = makeShopper();
    const { store } = renderCart([line(milk, 2), line(eggs)], shopper);

    const fresh = screen.getByRole('region', { name: 'Fresh Mart' });
    expect(await within(fresh).findByText('$15.00')).toBeInTheDocument();
    expect(within(fresh).getByText('(2.0 mi)')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Corner Shop' })).getByText('$9.00')).toBeInTheDocument();

    const [fees] = requestsTo('/delivery-fees');
    expect(fees!.body).toEqual({
      storeUuids: [corner.uuid, freshMart.uuid],
      streetName: '1 Main St',
      apartmentName: '',
      city: 'Springfield',
      state: 'IL',
      zip: '62701',
    });
    expect(fees!.headers.get('authorization')).toBe(`Bearer ${shopper.token}`);

    const summary = screen.getByRole('complementary', { name: 'Order Summary' });
    expect(await within(summary).findByText('$32.82')).toBeInTheDocument();
    for (const label of ['Subtotal', 'Tax', 'Service Fee', 'Delivery Fee', 'Total']) {
      expect(within(summary).getByText(label)).toBeInTheDocument();
    }
    expect(requestsTo('/pricing/calculate')[0]!.body).toEqual({
      items: [
        { productId: 'p-milk', quantity: 2 },
        { productId: 'p-eggs', quantity: 1 },
      ],
    });

    // A quantity change prices the cart again; the stores are the same, so the fees are not asked again.
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity of Whole Milk' }));
    await waitFor(() => expect(requestsTo('/pricing/calculate')).toHaveLength(2));
    expect(requestsTo('/delivery-fees')).toHaveLength(1);

    // Removing a store's last line changes the stores: the fees are asked again.
    fireEvent.click(screen.getByRole('button', { name: 'Remove Free-range Eggs from cart' }));
    await waitFor(() => expect(requestsTo('/delivery-fees')).toHaveLength(2));
    expect(requestsTo('/delivery-fees')[1]!.body).toMatchObject({ storeUuids: [freshMart.uuid] });

    // A changed address asks again too.
    act(() => {
      store.dispatch({ type: 'session/userUpdated', payload: { address: { ...shopper.address!, zip: '62702' } } });
    });
    await waitFor(() => expect(requestsTo('/delivery-fees')).toHaveLength(3));
    expect(requestsTo('/delivery-fees')[2]!.body).toMatchObject({ zip: '62702' });
  });

  it('uses no fee when the fee call fails and the subtotal when pricing fails (both only logged)', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({
      'POST /delivery-fees': () => ({ status: 500, body: { success: false, message: 'down', error: { code: 'X', message: 'down' } } }),
      'POST /pricing/calculate': () => ({ status: 500, body: { success: false, message: 'down', error: { code: 'X', message: 'down' } } }),
    });
    renderCart([line(milk, 2)], makeShopper());
    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to calculate delivery fees', expect.anything()));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to calculate pricing', expect.anything()));
    const summary = screen.getByRole('complementary', { name: 'Order Summary' });
    expect(within(summary).getByText('Subtotal').nextSibling).toHaveTextContent('$6.98');
    expect(within(summary).queryByText('Total')).not.toBeInTheDocument();
    expect(screen.queryByText(/Delivery fee/)).not.toBeInTheDocument();
    // The gate still lets the shopper on.
    expect(screen.getByRole('link', { name: 'Proceed to Checkout' })).toHaveAttribute('href', '/checkout');
    error.mockRestore();
  });

  it('asks for no fees and no pricing without a complete address: the subtotal and what is missing', async () => {
    const error = jest.spyOn(console, 'error');
    mockApi();
    renderCart([line(milk)], makeUser());
    await act(() => new Promise((resolve) => setTimeout(resolve, 150)));
    expect(requestsTo('/delivery-fees')).toHaveLength(0);
    expect(requestsTo('/pricing/calculate')).toHaveLength(0);
    const summary = screen.getByRole('complementary', { name: 'Order Summary' });
    expect(within(summary).getByText('Subtotal').nextSibling).toHaveTextContent('$3.49');
    expect(within(summary).getByText('Delivery fee: add your address')).toBeInTheDocument();
    expect(error).not.toHaveBeenCalled();
    error.mockRestore();
  });

  it('prices nothing for an address flagged invalid (its fees would be for another city) and asks to fix it', async () => {
    mockApi();
    renderCart([line(milk)], makeShopper({ hasInvalidAddress: true, hasValidAddress: false, canCheckout: false }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 150)));
    expect(requestsTo('/delivery-fees')).toHaveLength(0);
    expect(requestsTo('/pricing/calculate')).toHaveLength(0);
    expect(screen.queryByText(/^Delivery fee/)).not.toBeInTheDocument();
    const summary = screen.getByRole('complementary', { name: 'Order Summary' });
    expect(within(summary).getByText('Subtotal').nextSibling).toHaveTextContent('$3.49');
    expect(within(summary).getByRole('heading', { name: 'Address Validation Required' })).toBeInTheDocument();
  });

  describe('checkout gate, in the spec order', () => {
    const gate = () => screen.getByRole('complementary', { name: 'Order Summary' });

    it('allowed: a link to /checkout', () => {
      mockApi();
      renderCart([line(milk)], makeShopper());
      expect(within(gate()).getByRole('link', { name: 'Proceed to Checkout' })).toHaveAttribute('href', '/checkout');
    });

    it('no complete address: a prompt to add one, even if the other checks fail too', () => {
      mockApi();
      renderCart([line(milk)], makeUser({ address: null, emailVerified: false, hasInvalidAddress: true }));
      expect(within(gate()).getByRole('heading', { name: 'Delivery Address Required' })).toBeInTheDocument();
      expect(within(gate()).getByRole('link', { name: 'Add Delivery Address' })).toHaveAttribute('href', '/account');
      expect(within(gate()).queryByRole('link', { name: 'Proceed to Checkout' })).not.toBeInTheDocument();
    });

    it("invalid address flag: 'Address Validation Required' with Update Address", () => {
      mockApi();
      renderCart([line(milk)], makeShopper({ hasInvalidAddress: true, hasValidAddress: false, canCheckout: false, emailVerified: false }));
      expect(within(gate()).getByRole('heading', { name: 'Address Validation Required' })).toBeInTheDocument();
      expect(within(gate()).getByRole('link', { name: 'Update Address' })).toHaveAttribute('href', '/account');
    });

    it("unverified email: 'Email Verification Required' with Verify Email", () => {
      mockApi();
      renderCart([line(milk)], makeShopper({ emailVerified: false, canCheckout: false }));
      expect(within(gate()).getByRole('heading', { name: 'Email Verification Required' })).toBeInTheDocument();
      expect(within(gate()).getByRole('link', { name: 'Verify Email' })).toHaveAttribute('href', '/account');
    });

    it("otherwise: 'Unable to proceed'", () => {
      mockApi();
      renderCart([line(milk)], makeShopper({ canCheckout: false }));
      expect(within(gate()).getByRole('heading', { name: 'Unable to proceed' })).toBeInTheDocument();
      expect(within(gate()).queryByRole('link', { name: 'Proceed to Checkout' })).not.toBeInTheDocument();
    });
  });

  describe('what payment would refuse, said on the store it concerns', () => {
    type Body = { items: { productId: string; quantity: number }[] };
    const quantityOf = (request: MockRequest, uuid: string) =>
      (request.body as Body).items.find((i) => i.productId === uuid)?.quantity ?? 0;
    const gate = () => screen.getByRole('complementary', { name: 'Order Summary' });
    /** The server's minimum for Fresh Mart: $10.47 (3 milks). */
    const belowMinimum = (request: MockRequest) => {
      const subtotal = quantityOf(request, milk.uuid) * 349 + quantityOf(request, bread.uuid) * 425;
      const short = 1047 - subtotal;
      return short > 0
        ? [
            {
              code: 'BELOW_MINIMUM_ORDER',
              storeId: freshMart.uuid,
              storeName: freshMart.name,
              shortBy: short / 100,
              message: `Add $${(short / 100).toFixed(2)} more from Fresh Mart to check out.`,
            },
          ]
        : [];
    };

    it('a store under its minimum: the fix links to the store and Proceed stays disabled, with the reason, until an item is added', async () => {
      mockApi({ 'POST /pricing/calculate': (request) => ({ body: { pricing: makePricing(), problems: belowMinimum(request) } }) });
      renderCart([line(milk, 2)], makeShopper());
      const fresh = screen.getByRole('region', { name: 'Fresh Mart' });
      const fix = await within(fresh).findByRole('link', { name: 'Add $3.49 more from Fresh Mart' });
      expect(fix).toHaveAttribute('href', '/store/fresh-mart');
      expect(fix.closest('p')).toHaveTextContent('Add $3.49 more from Fresh Mart to check out');
      const proceed = within(gate()).getByRole('button', { name: 'Proceed to Checkout' });
      expect(proceed).toBeDisabled();
      expect(proceed).toHaveAccessibleDescription('Checkout opens once this is fixed: Add $3.49 more from Fresh Mart to check out.');
      expect(within(gate()).queryByRole('link', { name: 'Proceed to Checkout' })).not.toBeInTheDocument();

      fireEvent.click(screen.getByRole('button', { name: 'Increase quantity of Whole Milk' }));
      expect(await within(gate()).findByRole('link', { name: 'Proceed to Checkout' })).toHaveAttribute('href', '/checkout');
      expect(within(fresh).queryByText(/more from/)).not.toBeInTheDocument();
    });

    it('a store that does not deliver to the address: remove its items or change the address', async () => {
      mockApi({
        'POST /pricing/calculate': (request) => ({
          body: {
            pricing: makePricing(),
            problems:
              quantityOf(request, eggs.uuid) > 0
                ? [
                    {
                      code: 'OUT_OF_DELIVERY_AREA',
                      storeId: corner.uuid,
                      storeName: corner.name,
                      zip: '62701',
                      message: 'Corner Shop does not deliver to 62701.',
                    },
                  ]
                : [],
          },
        }),
      });
      const { store } = renderCart([line(milk, 3), line(eggs, 2)], makeShopper());
      const cornerShop = screen.getByRole('region', { name: 'Corner Shop' });
      expect(await within(cornerShop).findByText('Corner Shop does not deliver to 62701')).toBeInTheDocument();
      expect(within(cornerShop).getByRole('link', { name: 'Change address' })).toHaveAttribute('href', '/account');
      expect(within(gate()).getByRole('button', { name: 'Proceed to Checkout' })).toHaveAccessibleDescription(
        'Checkout opens once this is fixed: Corner Shop does not deliver to 62701.',
      );

      fireEvent.click(within(cornerShop).getByRole('button', { name: 'Remove these items' }));
      expect(store.getState().cart.items.map((item) => item.uuid)).toEqual(['p-milk']);
      expect(await within(gate()).findByRole('link', { name: 'Proceed to Checkout' })).toBeInTheDocument();
    });

    it('a line above the stock is set down with a toast, and the summary keeps its tax, fees and total', async () => {
      mockApi({
        'POST /pricing/calculate': (request) => ({
          body: {
            pricing: makePricing(),
            problems:
              quantityOf(request, milk.uuid) > 5
                ? [
                    {
                      code: 'INSUFFICIENT_STOCK',
                      storeId: freshMart.uuid,
                      storeName: freshMart.name,
                      productId: milk.uuid,
                      available: 5,
                      message: 'Only 5 left of Whole Milk.',
                    },
                  ]
                : [],
          },
        }),
      });
      const { store } = renderCart([line(milk, 7)], makeShopper());
      await waitFor(() => expect(store.getState().cart.items[0]?.quantity).toBe(5));
      expect(toasts).toEqual(['warning: Only 5 left of Whole Milk: your cart now has 5.']);
      await waitFor(() => expect(requestsTo('/pricing/calculate').map((r) => quantityOf(r, milk.uuid))).toEqual([7, 5]));
      const summary = gate();
      for (const label of ['Tax', 'Service Fee', 'Delivery Fee', 'Total']) expect(within(summary).getByText(label)).toBeInTheDocument();
      expect(await within(summary).findByRole('link', { name: 'Proceed to Checkout' })).toBeInTheDocument();
      expect(toasts).toHaveLength(1);
    });

    it("stops a line's plus at the stock the API reports, and says 'Only N left'", () => {
      mockApi();
      const { store } = renderCart([line({ ...milk, stockQuantity: 3 }, 2)]);
      const increase = screen.getByRole('button', { name: 'Increase quantity of Whole Milk' });
      expect(screen.queryByText('Only 3 left')).not.toBeInTheDocument();
      fireEvent.click(increase);
      expect(store.getState().cart.items[0]?.quantity).toBe(3);
      expect(increase).toBeDisabled();
      expect(screen.getByText('Only 3 left')).toBeInTheDocument();
    });

    it("a visitor's line above the stock its product came with is set down too", async () => {
      mockApi();
      const { store } = renderCart([line({ ...milk, stockQuantity: 2 }, 4)]);
      await waitFor(() => expect(store.getState().cart.items[0]?.quantity).toBe(2));
      expect(toasts).toEqual(['warning: Only 2 left of Whole Milk: your cart now has 2.']);
    });
  });

  it('removes out-of-stock and missing items 100 ms after opening, with the warning toast', async () => {
    mockApi({
      'GET /open/products/fresh-mart': () => ({ body: [{ ...milk, stockStatus: 'OUT_OF_STOCK' }] }),
      'GET /open/products/corner-shop': () => ({ status: 500, body: null }),
    });
    const { store } = renderCart([line(milk), line(bread), line(eggs)]);
    expect(requestsTo('/open/products/fresh-mart')).toHaveLength(0);
    await waitFor(() => expect(store.getState().cart.items).toEqual([]));
    expect(toasts).toEqual(['warning: Removed 3 out of stock item(s) from cart: Whole Milk, Rye Bread, Free-range Eggs']);
    expect(screen.getByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
  });
});

describe('CartPage head', () => {
  it('is titled, described and kept out of search engines: a cart is one browser’s own', () => {
    mockApi();
    renderCart([]);
    expect(document.title).toBe('Your cart | Grocer');
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute('content', expect.stringContaining('Grocer cart'));
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  });
});

describe('the page’s data, awaited before it replaces its first screen', () => {
  const storeRules = [{ storeUuid: freshMart.uuid, minOrderCents: 1500 }];

  it('with lines, the stores’ rules are in the store before the page renders, so its notes render with it', async () => {
    mockApi({ 'GET /open/store-rules': () => ({ body: storeRules }) });
    const store = makeStore({ cart: { items: [line(milk, 1)] } });
    await loadPageData({ params: {}, search: new URLSearchParams() }, store.dispatch);
    expect(requestsTo('/open/store-rules')).toHaveLength(1);
    expect(storeRulesApi.endpoints.storeRules.select()(store.getState()).data).toEqual(storeRules);
  });

  it('an empty cart waits for nothing', async () => {
    mockApi();
    const store = makeStore({ cart: { items: [] } });
    await loadPageData({ params: {}, search: new URLSearchParams() }, store.dispatch);
    expect(net.calls).toHaveLength(0);
  });
});

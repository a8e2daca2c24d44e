import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CartItem, User } from '@grocer/shared';
import { mockFetch, renderWithProviders, type FetchMock, type MockHandler, type MockRequest } from '@grocer/shared/testing';
import { bread, feesFor, freshMart, line, makePricing, makeProduct, makeShopper, milk } from '../../testing/fixtures.ts';
import CartPage from './CartPage.tsx';
import { buildOrderPayload } from '../checkout/placeOrder.ts';

const oatMilk = makeProduct({ uuid: 'p-oat', name: 'Oat Milk', price_cents: 429 });

let net: FetchMock;
function mockApi(routes: Record<string, MockHandler> = {}) {
  net = mockFetch({
    'GET /open/products/fresh-mart': () => ({ body: [milk, bread, oatMilk] }),
    'POST /delivery-fees': () => ({ body: feesFor({ [freshMart.uuid]: 2 }) }),
    'POST /pricing/calculate': () => ({ body: { pricing: makePricing(), deliveryFees: feesFor({ [freshMart.uuid]: 2 }) } }),
    'GET /open/product/p-milk/substitutes': () => ({ body: { products: [oatMilk, bread] } }),
    'PUT /user/substitution-preferences/p-milk': (request) => ({ body: { productId: 'p-milk', ...(request.body as object) } }),
    'GET /user/substitution-preferences': () => ({ body: { preferences: [] } }),
    ...routes,
  });
}
afterEach(() => net?.restore());

const saves = (): MockRequest[] => net.calls.filter((c) => c.method === 'PUT');

function renderCart(items: CartItem[], user: User | null = null) {
  return renderWithProviders(<CartPage />, { preloadedState: { cart: { items }, session: { user } }, route: '/cart' });
}
const choiceOf = (name: string) => screen.getByRole('combobox', { name: `If ${name} is out of stock` });

describe("a cart line's 'If out of stock'", () => {
  it('is best match by default, also on a line stored before the choice existed', () => {
    mockApi();
    renderCart([line(milk)]);
    expect(choiceOf('Whole Milk')).toHaveValue('BEST_MATCH');
    expect(
      within(choiceOf('Whole Milk'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Best match', 'A specific replacement', "Don't replace (refund)"]);
    expect(screen.queryByRole('combobox', { name: 'Replace Whole Milk with' })).not.toBeInTheDocument();
  });

  it("don't replace: kept on the line; a visitor's choice is not sent anywhere", async () => {
    mockApi();
    const { store } = renderCart([line(milk)]);
    fireEvent.change(choiceOf('Whole Milk'), { target: { value: 'NONE' } });
    expect(store.getState().cart.items[0]!.substitution).toEqual({ choice: 'NONE', substitute: null });
    expect(choiceOf('Whole Milk')).toHaveValue('NONE');
    await waitFor(() => expect(net.calls.some((c) => c.url.pathname === '/open/products/fresh-mart')).toBe(true));
    expect(saves()).toEqual([]);
  });

  it('a specific replacement: lists the same shelf, stores the pick, and remembers it for a signed-in shopper', async () => {
    mockApi();
    const { store } = renderCart([line(milk)], makeShopper());
    fireEvent.change(choiceOf('Whole Milk'), { target: { value: 'SPECIFIC' } });
    // Nothing is stored until a product is picked.
    expect(store.getState().cart.items[0]!.substitution).toBeUndefined();
    const picker = screen.getByRole('combobox', { name: 'Replace Whole Milk with' });
    await waitFor(() => expect(picker).toBeEnabled());
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a product', 'Oat Milk', 'Rye Bread']);
    fireEvent.change(picker, { target: { value: 'p-oat' } });
    expect(store.getState().cart.items[0]!.substitution).toEqual({ choice: 'SPECIFIC', substitute: { uuid: 'p-oat', name: 'Oat Milk' } });
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]!.body).toEqual({ choice: 'SPECIFIC', substituteProductId: 'p-oat' });
  });

  it('says so when nothing can replace the product, or when the list fails to load', async () => {
    mockApi({ 'GET /open/product/p-milk/substitutes': () => ({ body: { products: [] } }) });
    renderCart([line(milk)]);
    fireEvent.change(choiceOf('Whole Milk'), { target: { value: 'SPECIFIC' } });
    expect(await screen.findByText('No other products of this kind are in stock at this store.')).toBeInTheDocument();
    net.restore();

    mockApi({ 'GET /open/product/p-bread/substitutes': () => ({ status: 500, body: { success: false, message: 'boom' } }) });
    renderCart([line(bread)]);
    fireEvent.change(choiceOf('Rye Bread'), { target: { value: 'SPECIFIC' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load replacements. Please try again.');
  });

  it("is prefilled from the shopper's remembered choice, and never overrides one made on the line", async () => {
    mockApi({
      'GET /user/substitution-preferences': () => ({
        body: {
          preferences: [
            { productId: 'p-milk', choice: 'SPECIFIC', substitute: { uuid: 'p-oat', name: 'Oat Milk' } },
            { productId: 'p-bread', choice: 'NONE', substitute: null },
          ],
        },
      }),
    });
    const { store } = renderCart([line(milk), { ...line(bread), substitution: { choice: 'BEST_MATCH', substitute: null } }], makeShopper());
    await waitFor(() => expect(store.getState().cart.items[0]!.substitution?.choice).toBe('SPECIFIC'));
    expect(store.getState().cart.items[1]!.substitution).toEqual({ choice: 'BEST_MATCH', substitute: null });
    expect(choiceOf('Whole Milk')).toHaveValue('SPECIFIC');
    expect(await screen.findByRole('combobox', { name: 'Replace Whole Milk with' })).toHaveDisplayValue('Oat Milk');
  });
});

test('the order payload carries each line’s choice (best match for a line never set)', () => {
  const payload = buildOrderPayload(
    {
      paypalOrderId: 'PP-1',
      items: [
        line(milk),
        { ...line(bread), substitution: { choice: 'NONE', substitute: null } },
        { ...line(oatMilk), substitution: { choice: 'SPECIFIC', substitute: { uuid: 'p-milk', name: 'Whole Milk' } } },
      ],
      contact: { phone: '', deliveryInstructions: '' },
      pricing: makePricing(),
      user: makeShopper(),
    },
    '2026-01-01T00:00:00.000Z',
  );
  expect(payload.items.map((i) => [i.productId, i.substitution, i.substituteProductId])).toEqual([
    ['p-milk', 'BEST_MATCH', null],
    ['p-bread', 'NONE', null],
    ['p-oat', 'SPECIFIC', 'p-milk'],
  ]);
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OpsInventoryProduct } from '@grocer/shared';
import { mockFetch, renderWithProviders, type FetchMock } from '@grocer/shared/testing';
import { adminUser, makeAdminMe, makeInventoryProduct, makeStaffMe, STORE_A, STORE_B, staffUser } from '../../testing/fixtures.ts';
import InventoryPage from './InventoryPage.tsx';

let net: FetchMock | undefined;
afterEach(() => net?.restore());

const MILK = 'Prairie Farms Whole Milk, 1 gal';

function setup({ admin = false, products = [makeInventoryProduct()] }: { admin?: boolean; products?: OpsInventoryProduct[] } = {}) {
  const state = { products };
  const patch = (storeUuid: string) => ({
    [`PATCH /ops/stores/${storeUuid}/products/p-milk`]: ({ body }: { body: unknown }) => {
      const change = body as { inStock?: boolean; isActive?: boolean; priceCents?: number };
      const current = state.products[0]!;
      state.products = [
        {
          ...current,
          ...(change.priceCents !== undefined ? { priceCents: change.priceCents } : {}),
          ...(change.isActive !== undefined ? { isActive: change.isActive } : {}),
          ...(change.inStock !== undefined
            ? { stockStatus: change.inStock ? 'IN_STOCK' : 'OUT_OF_STOCK', stockQuantity: change.inStock ? 50 : 0 }
            : {}),
        },
      ];
      return { body: state.products[0] };
    },
  });
  net = mockFetch({
    'GET /ops/me': () => ({ body: admin ? makeAdminMe() : makeStaffMe() }),
    [`GET /ops/stores/${STORE_A.uuid}/products`]: () => ({ body: { products: state.products, nextCursor: 'c2' } }),
    [`GET /ops/stores/${STORE_A.uuid}/products/p-milk/price-changes`]: () => ({
      body: {
        changes: [
          {
            id: 1,
            oldPriceCents: 379,
            newPriceCents: 399,
            changedBy: { uuid: 'user-1', email: 'staff@grocer.test' },
            changedAt: '2026-11-21T18:30:00.000Z',
          },
        ],
      },
    }),
    [`GET /ops/stores/${STORE_B.uuid}/products`]: () => ({ body: { products: [], nextCursor: null } }),
    ...patch(STORE_A.uuid),
  });
  renderWithProviders(<InventoryPage />, {
    route: '/admin/inventory',
    path: '/admin/inventory',
    preloadedState: { session: { user: admin ? adminUser() : staffUser() } },
  });
  return state;
}

const row = () => screen.getByRole('listitem', { name: MILK });
const patches = () => net!.calls.filter((c) => c.method === 'PATCH');

describe('InventoryPage', () => {
  it("lists the staff member's store products with stock, active and price", async () => {
    setup();
    expect(await screen.findByRole('listitem', { name: MILK })).toHaveTextContent('Dairy & Eggs · $3.99 · 40 in stock');
    expect(within(row()).getByRole('checkbox', { name: 'In stock' })).toBeChecked();
    expect(within(row()).getByRole('checkbox', { name: 'Active' })).toBeChecked();
    expect(within(row()).getByLabelText('Price (dollars)')).toHaveValue('3.99');
    expect(screen.getByText(STORE_A.name)).toBeInTheDocument();
  });

  it('switches stock and active at once', async () => {
    const user = userEvent.setup();
    setup();
    await user.click(within(await screen.findByRole('listitem', { name: MILK })).getByRole('checkbox', { name: 'In stock' }));
    await waitFor(() => expect(within(row()).getByRole('checkbox', { name: 'In stock' })).not.toBeChecked());
    expect(row()).toHaveTextContent('0 in stock');
    await user.click(within(row()).getByRole('checkbox', { name: 'Active' }));
    await waitFor(() => expect(within(row()).getByRole('checkbox', { name: 'Active' })).not.toBeChecked());
    expect(patches().map((c) => c.body)).toEqual([{ inStock: false }, { isActive: false }]);
  });

  it('sends a price typed in dollars as integer cents', async () => {
    const user = userEvent.setup();
    setup();
    const price = within(await screen.findByRole('listitem', { name: MILK })).getByLabelText('Price (dollars)');
    await user.clear(price);
    await user.type(price, '$4.29{Enter}');
    expect(await within(row()).findByRole('status')).toHaveTextContent(`${MILK} now costs $4.29.`);
    expect(patches().map((c) => c.body)).toEqual([{ priceCents: 429 }]);
  });

  it('shows who changed the price and when', async () => {
    const user = userEvent.setup();
    setup();
    const toggle = within(await screen.findByRole('listitem', { name: MILK })).getByRole('button', { name: 'Price history' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(await within(row()).findByText('$3.79 → $3.99 by staff@grocer.test')).toBeInTheDocument();
  });

  it('refuses a price that is not one, or out of bounds, without asking the API', async () => {
    const user = userEvent.setup();
    setup();
    const price = within(await screen.findByRole('listitem', { name: MILK })).getByLabelText('Price (dollars)');
    await user.clear(price);
    await user.type(price, '4.299');
    await user.click(within(row()).getByRole('button', { name: 'Save price' }));
    expect(within(row()).getByRole('alert')).toHaveTextContent('Enter a price in dollars, like 3.49.');
    expect(price).toHaveAttribute('aria-invalid', 'true');
    await user.clear(price);
    await user.type(price, '1000.01');
    await user.click(within(row()).getByRole('button', { name: 'Save price' }));
    expect(within(row()).getByRole('alert')).toHaveTextContent('Enter a price from $0.01 to $1,000.00.');
    expect(patches()).toHaveLength(0);
  });

  it('searches, pages on and back', async () => {
    const user = userEvent.setup();
    setup();
    await screen.findByRole('listitem', { name: MILK });
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(net!.calls.at(-1)!.url.searchParams.get('cursor')).toBe('c2'));
    await user.click(await screen.findByRole('button', { name: 'Previous page' }));
    await user.type(screen.getByLabelText('Search products'), 'milk');
    await waitFor(() => expect(Object.fromEntries(net!.calls.at(-1)!.url.searchParams)).toEqual({ q: 'milk' }));
  });

  it('lets an admin choose the store', async () => {
    const user = userEvent.setup();
    setup({ admin: true });
    await screen.findByRole('listitem', { name: MILK });
    await user.selectOptions(screen.getByLabelText('Store'), STORE_B.name);
    expect(await screen.findByText('No products match.')).toBeInTheDocument();
  });
});

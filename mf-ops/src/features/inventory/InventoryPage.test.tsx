import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OpsInventoryBulkPayload, OpsInventoryProduct } from '@grocer/shared';
import { mockFetch, renderWithProviders, type FetchMock } from '@grocer/shared/testing';
import { adminUser, makeAdminMe, makeInventoryProduct, makeStaffMe, STORE_A, STORE_B, staffUser } from '../../testing/fixtures.ts';
import InventoryPage from './InventoryPage.tsx';

let net: FetchMock | undefined;
afterEach(() => net?.restore());

const MILK = 'Prairie Farms Whole Milk, 1 gal';
const EGGS = 'Vital Farms Large Eggs, 12 ct';

function setup({ admin = false, products }: { admin?: boolean; products?: OpsInventoryProduct[] } = {}) {
  const state = {
    products: products ?? [
      makeInventoryProduct(),
      makeInventoryProduct({ productUuid: 'p-eggs', name: EGGS, priceCents: 649, stockQuantity: 3, lowStock: true }),
    ],
  };
  const base = `/ops/stores/${STORE_A.uuid}/products`;
  const update = (uuid: string, change: Partial<OpsInventoryProduct>) => {
    state.products = state.products.map((p) =>
      p.productUuid === uuid
        ? {
            ...p,
            ...change,
            ...(change.stockQuantity !== undefined
              ? {
                  stockStatus: change.stockQuantity > 0 ? ('IN_STOCK' as const) : ('OUT_OF_STOCK' as const),
                  lowStock: change.stockQuantity <= 5,
                }
              : {}),
          }
        : p,
    );
    return state.products.find((p) => p.productUuid === uuid)!;
  };
  const bulkChanges = (payload: OpsInventoryBulkPayload) =>
    state.products
      .filter((p) => payload.productUuids.includes(p.productUuid))
      .map((p) => {
        const before = { priceCents: p.priceCents, stockQuantity: p.stockQuantity, isActive: p.isActive };
        const after =
          payload.action === 'PRICE_PERCENT'
            ? { ...before, priceCents: Math.round((p.priceCents * (100 + payload.percent!)) / 100) }
            : payload.action === 'SET_STOCK'
              ? { ...before, stockQuantity: payload.stockQuantity! }
              : { ...before, isActive: false };
        return { productUuid: p.productUuid, name: p.name, before, after };
      });
  net = mockFetch({
    'GET /ops/me': () => ({ body: admin ? makeAdminMe() : makeStaffMe() }),
    [`GET ${base}`]: () => ({ body: { products: state.products, nextCursor: 'c2', lowStockThreshold: 5 } }),
    [`PATCH ${base}/p-milk`]: ({ body }) => ({ body: update('p-milk', body as Partial<OpsInventoryProduct>) }),
    [`PATCH ${base}/p-eggs`]: ({ body }) => ({ body: update('p-eggs', body as Partial<OpsInventoryProduct>) }),
    [`POST ${base}/bulk`]: ({ body }) => {
      const payload = body as OpsInventoryBulkPayload;
      const changes = bulkChanges(payload);
      if (!payload.preview) for (const c of changes) update(c.productUuid, c.after);
      return { body: { applied: !payload.preview, changes } };
    },
    [`GET ${base}/p-milk/price-changes`]: () => ({
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
    [`GET ${base}/p-milk/stock-changes`]: () => ({
      body: {
        changes: [
          {
            id: 7,
            oldQuantity: 42,
            newQuantity: 40,
            reason: 'SALE',
            orderId: null,
            changedBy: { uuid: 'user-2', email: 'shopper@example.com' },
            changedAt: '2026-11-21T19:00:00.000Z',
          },
        ],
      },
    }),
    [`POST /ops/stores/${STORE_A.uuid}/inventory/import/preview`]: ({ body }) => ({
      body: {
        applied: false,
        changed: [
          {
            line: 2,
            productUuid: 'p-milk',
            name: MILK,
            before: { priceCents: 399, stockQuantity: 40, isActive: true },
            after: { priceCents: 429, stockQuantity: 40, isActive: true },
          },
        ],
        unchanged: String(body).split('\n').length - 3,
        errors: [{ line: 3, message: 'Stock "-2" is negative.' }],
      },
    }),
    [`GET /ops/stores/${STORE_B.uuid}/products`]: () => ({ body: { products: [], nextCursor: null, lowStockThreshold: 5 } }),
  });
  renderWithProviders(<InventoryPage />, {
    route: '/admin/inventory',
    path: '/admin/inventory',
    preloadedState: { session: { user: admin ? adminUser() : staffUser() } },
  });
  return state;
}

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(`^Select ${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) });
const calls = (method: string, path: string) => net!.calls.filter((c) => c.method === method && c.url.pathname.endsWith(path));

describe('InventoryPage', () => {
  it('shows each product with its price, its count on hand and the words for low or no stock', async () => {
    setup({
      products: [
        makeInventoryProduct(),
        makeInventoryProduct({ productUuid: 'p-eggs', name: EGGS, stockQuantity: 3, lowStock: true }),
        makeInventoryProduct({ productUuid: 'p-jam', name: 'Jam, 12 oz', stockQuantity: 0, stockStatus: 'OUT_OF_STOCK', lowStock: true }),
      ],
    });
    await screen.findByRole('table', { name: 'Products' });
    expect(within(rowOf(MILK)).getByLabelText(`Price of ${MILK} (dollars)`)).toHaveValue('3.99');
    expect(within(rowOf(MILK)).getByLabelText(`On hand of ${MILK}`)).toHaveValue('40');
    expect(within(rowOf(EGGS)).getByText('Low stock')).toBeInTheDocument();
    expect(within(rowOf('Jam, 12 oz')).getByText('Out of stock')).toBeInTheDocument();
    expect(within(rowOf(MILK)).queryByText(/stock/i)).not.toBeInTheDocument();
    expect(screen.getByText(STORE_A.name)).toBeInTheDocument();
    // The old in/out switch is gone: a count of 0 is what out of stock means.
    expect(screen.queryByRole('checkbox', { name: 'In stock' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Low stock only (5 or fewer)')).not.toBeChecked();
  });

  it('puts the table right under its filters, and the CSV tools after it', async () => {
    setup();
    const table = await screen.findByRole('table', { name: 'Products' });
    const csv = screen.getByRole('region', { name: 'CSV export and import' });
    expect(screen.getByLabelText('Sort by').compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(table.compareDocumentPosition(csv) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('edits the price and the count in place, one field per save', async () => {
    const user = userEvent.setup();
    setup();
    await screen.findByRole('table', { name: 'Products' });
    const price = within(rowOf(MILK)).getByLabelText(`Price of ${MILK} (dollars)`);
    await user.clear(price);
    await user.type(price, '$4.29{Enter}');
    expect(await screen.findByText(`${MILK} now costs $4.29.`)).toBeInTheDocument();
    const count = within(rowOf(MILK)).getByLabelText(`On hand of ${MILK}`);
    await user.clear(count);
    await user.type(count, '0');
    await user.click(within(rowOf(MILK)).getByRole('button', { name: `Save on hand of ${MILK}` }));
    expect(await screen.findByText(`${MILK}: 0 on hand.`)).toBeInTheDocument();
    await waitFor(() => expect(within(rowOf(MILK)).getByText('Out of stock')).toBeInTheDocument());
    expect(calls('PATCH', '/p-milk').map((c) => c.body)).toEqual([{ priceCents: 429 }, { stockQuantity: 0 }]);
  });

  it('refuses a count or a price that is not one, without asking the API', async () => {
    const user = userEvent.setup();
    setup();
    await screen.findByRole('table', { name: 'Products' });
    const count = within(rowOf(MILK)).getByLabelText(`On hand of ${MILK}`);
    await user.clear(count);
    await user.type(count, '-3{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a whole number from 0 to 100,000.');
    expect(count).toHaveAttribute('aria-invalid', 'true');
    const price = within(rowOf(MILK)).getByLabelText(`Price of ${MILK} (dollars)`);
    await user.clear(price);
    await user.type(price, '1000.01{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a price from $0.01 to $1,000.00.');
    expect(calls('PATCH', '/p-milk')).toHaveLength(0);
  });

  it('changes selected prices by a percentage: a preview first, then applied, and the table follows', async () => {
    const user = userEvent.setup();
    setup();
    await screen.findByRole('table', { name: 'Products' });
    await user.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    const panel = screen.getByRole('region', { name: 'Change the selected products' });
    expect(panel).toHaveTextContent('2 products selected');
    await user.selectOptions(within(panel).getByLabelText('Action'), 'Change price by a percentage');
    await user.type(within(panel).getByLabelText('Percent (e.g. 10 or -5)'), '10');
    await user.click(within(panel).getByRole('button', { name: 'Preview' }));
    const preview = await within(panel).findByRole('table', { name: 'Preview: nothing has changed yet' });
    expect(within(preview).getByRole('row', { name: new RegExp(MILK) })).toHaveTextContent('$3.99 · 40 on hand$4.39 · 40 on hand');
    expect(calls('POST', '/bulk').map((c) => c.body)).toEqual([
      { productUuids: ['p-milk', 'p-eggs'], action: 'PRICE_PERCENT', percent: 10, preview: true },
    ]);
    // Nothing changed yet.
    expect(within(rowOf(MILK)).getByLabelText(`Price of ${MILK} (dollars)`)).toHaveValue('3.99');
    await user.click(within(panel).getByRole('button', { name: 'Apply to 2 products' }));
    expect(await screen.findByText('2 products changed.')).toBeInTheDocument();
    await waitFor(() => expect(within(rowOf(MILK)).getByLabelText(`Price of ${MILK} (dollars)`)).toHaveValue('4.39'));
    expect(within(rowOf(EGGS)).getByLabelText(`Price of ${EGGS} (dollars)`)).toHaveValue('7.14');
    expect(screen.queryByRole('region', { name: 'Change the selected products' })).not.toBeInTheDocument();
  });

  it('sets the count of the selected products, and refuses a percentage that is not one', async () => {
    const user = userEvent.setup();
    setup();
    await screen.findByRole('table', { name: 'Products' });
    await user.click(within(rowOf(EGGS)).getByRole('checkbox', { name: `Select ${EGGS}` }));
    const panel = screen.getByRole('region', { name: 'Change the selected products' });
    await user.selectOptions(within(panel).getByLabelText('Action'), 'Change price by a percentage');
    await user.type(within(panel).getByLabelText('Percent (e.g. 10 or -5)'), '0');
    await user.click(within(panel).getByRole('button', { name: 'Preview' }));
    expect(within(panel).getByRole('alert')).toHaveTextContent('Enter a percentage from -90 to 500, not 0.');
    await user.selectOptions(within(panel).getByLabelText('Action'), 'Set count');
    await user.type(within(panel).getByLabelText('New count on hand'), '24');
    await user.click(within(panel).getByRole('button', { name: 'Preview' }));
    await user.click(await within(panel).findByRole('button', { name: 'Apply to 1 product' }));
    await waitFor(() => expect(within(rowOf(EGGS)).getByLabelText(`On hand of ${EGGS}`)).toHaveValue('24'));
    expect(calls('POST', '/bulk').map((c) => c.body)).toEqual([
      { productUuids: ['p-eggs'], action: 'SET_STOCK', stockQuantity: 24, preview: true },
      { productUuids: ['p-eggs'], action: 'SET_STOCK', stockQuantity: 24 },
    ]);
  });

  it('previews a CSV import with its changes and row errors, and offers no apply while any row is at fault', async () => {
    const user = userEvent.setup();
    setup();
    await screen.findByRole('table', { name: 'Products' });
    const csv = 'uuid,price,stock\np-milk,4.29,40\np-eggs,6.49,-2\n';
    await user.upload(screen.getByLabelText('Import a CSV file'), new File([csv], 'inventory.csv', { type: 'text/csv' }));
    const section = screen.getByRole('region', { name: 'CSV export and import' });
    expect(await within(section).findByText('1 product changes, 1 unchanged, 1 row error.')).toBeInTheDocument();
    expect(within(section).getByText('Line 3: Stock "-2" is negative.')).toBeInTheDocument();
    expect(within(section).getByRole('table', { name: 'What changes' })).toHaveTextContent('$3.99 · 40 on hand$4.29 · 40 on hand');
    expect(within(section).queryByRole('button', { name: 'Apply import' })).not.toBeInTheDocument();
    const [sent] = calls('POST', '/inventory/import/preview');
    expect(sent!.headers.get('content-type')).toBe('text/csv');
    expect(sent!.body).toBe(csv);
  });

  it('shows who changed the price and the count, and why', async () => {
    const user = userEvent.setup();
    setup();
    await screen.findByRole('table', { name: 'Products' });
    const toggle = within(rowOf(MILK)).getByRole('button', { name: `History of ${MILK}` });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByText('$3.79 → $3.99 by staff@grocer.test')).toBeInTheDocument();
    expect(await screen.findByText('42 → 40 (sold) by shopper@example.com')).toBeInTheDocument();
  });

  it('searches, sorts, filters low stock, pages on and back', async () => {
    const user = userEvent.setup();
    setup();
    await screen.findByRole('table', { name: 'Products' });
    const lastQuery = () =>
      Object.fromEntries(net!.calls.filter((c) => c.method === 'GET' && c.url.pathname.endsWith('/products')).at(-1)!.url.searchParams);
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ cursor: 'c2' }));
    await user.click(await screen.findByRole('button', { name: 'Previous page' }));
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Stock, fewest first');
    await waitFor(() => expect(lastQuery()).toEqual({ sort: 'stock', order: 'asc' }));
    await user.click(screen.getByLabelText('Low stock only (5 or fewer)'));
    await waitFor(() => expect(lastQuery()).toEqual({ sort: 'stock', order: 'asc', lowStock: 'true' }));
    await user.type(screen.getByLabelText('Search products'), 'milk');
    await waitFor(() => expect(lastQuery()).toEqual({ q: 'milk', sort: 'stock', order: 'asc', lowStock: 'true' }));
  });

  it('lets an admin choose the store', async () => {
    const user = userEvent.setup();
    setup({ admin: true });
    await screen.findByRole('table', { name: 'Products' });
    await user.selectOptions(screen.getByLabelText('Store'), STORE_B.name);
    expect(await screen.findByText('No products match.')).toBeInTheDocument();
  });
});

describe('InventoryPage head', () => {
  it('is titled like its heading and kept out of search engines, as every staff page (OpsLayout)', () => {
    setup();
    expect(document.title).toBe(`${screen.getByRole('heading', { level: 1 }).textContent} | Grocer`);
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  });
});

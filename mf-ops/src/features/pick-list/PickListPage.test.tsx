import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OpsStorePart, User } from '@grocer/shared';
import { mockFetch, renderWithProviders, type FetchMock, type MockHandler } from '@grocer/shared/testing';
import { adminUser, errorBody, makePickLine, makeStorePart, ORDER_ID, STORE_A, staffUser } from '../../testing/fixtures.ts';
import PickListPage from './PickListPage.tsx';

let net: FetchMock | undefined;
afterEach(() => net?.restore());

const PART_PATH = `/ops/orders/${ORDER_ID}/stores/${STORE_A.uuid}`;

function setup({
  part = makeStorePart(),
  user = staffUser(),
  handlers = {},
}: { part?: OpsStorePart; user?: User; handlers?: Record<string, MockHandler> } = {}) {
  const state = { part };
  net = mockFetch({
    [`GET ${PART_PATH}`]: () => ({ body: state.part }),
    [`GET /ops/orders/${ORDER_ID}/lines/1/replacements`]: () => ({
      body: {
        products: [
          {
            productUuid: 'p-milk-2',
            name: 'Store Brand Whole Milk, 1 gal',
            image: '/images/a.svg',
            sizeLabel: '1 gal',
            priceCents: 299,
            priceDifferenceCents: -100,
            stockQuantity: 12,
            match: 'CHOSEN',
            preferred: true,
          },
          {
            productUuid: 'p-milk-3',
            name: 'Dean Whole Milk, 1 gal',
            image: '/images/b.svg',
            sizeLabel: '1 gal',
            priceCents: 379,
            priceDifferenceCents: -20,
            stockQuantity: 4,
            match: 'OTHER_BRAND',
            preferred: false,
          },
        ],
      },
    }),
    ...handlers,
  });
  renderWithProviders(<PickListPage />, {
    route: PART_PATH.replace('/ops', '/admin'),
    path: '/admin/orders/:orderId/stores/:storeId',
    preloadedState: { session: { user } },
  });
  return state;
}

const line = (name: string) => screen.getByRole('listitem', { name });
const MILK = 'Prairie Farms Whole Milk, 1 gal';
const BREAD = 'Turano Italian Bread, 20 oz';

describe('PickListPage', () => {
  it("lists the store's lines with picture, size, quantity, the shopper's note and substitution choice", async () => {
    setup();
    expect(await screen.findByRole('heading', { level: 2, name: `GR-100042 · ${STORE_A.name}` })).toBeInTheDocument();
    expect(screen.getByText('Ring twice')).toBeInTheDocument();
    expect(screen.getByText('1550 N Kingsbury St, Apt 2, Chicago, IL 60642')).toBeInTheDocument();
    const milk = line(MILK);
    expect(milk.querySelector('img')).toHaveAttribute('src', 'http://localhost:4000/images/p-milk.svg');
    expect(milk).toHaveTextContent('Size: 1 gal · $3.99 each');
    expect(milk).toHaveTextContent('Quantity 2');
    expect(milk).toHaveTextContent('If unavailable: Specific item · Store Brand Whole Milk, 1 gal ($2.99)');
    expect(milk).toHaveTextContent('To pick');
    expect(line(BREAD)).toHaveTextContent('If unavailable: No substitute, refund');
    const totals = screen.getByRole('region', { name: 'Totals' });
    expect(totals).toHaveTextContent('Order total$22.09');
    expect(totals).toHaveTextContent('Nothing refunded.');
  });

  it('marks a line found and shows the answer', async () => {
    const user = userEvent.setup();
    const state = setup({
      handlers: {
        [`POST /ops/orders/${ORDER_ID}/lines/2`]: () => {
          state.part = makeStorePart();
          state.part.lines[1] = makePickLine({ ...state.part.lines[1], state: 'FOUND' });
          return { body: state.part };
        },
      },
    });
    // The lines' heading counts down what is left to pick.
    expect(await screen.findByRole('heading', { level: 2, name: '2 lines to pick' })).toBeInTheDocument();
    await user.click(within(await screen.findByRole('group', { name: `Actions for ${BREAD}` })).getByRole('button', { name: 'Found' }));
    await waitFor(() => expect(line(BREAD)).toHaveTextContent('Found'));
    expect(net!.calls.find((c) => c.method === 'POST')!.body).toEqual({ state: 'FOUND' });
    expect(await screen.findByRole('heading', { level: 2, name: '2 lines, 1 still to pick' })).toBeInTheDocument();
  });

  it("replaces a line with the shopper's choice offered first, then shows the new totals and the refund", async () => {
    const user = userEvent.setup();
    const state = setup({
      handlers: {
        [`POST /ops/orders/${ORDER_ID}/lines/1`]: () => {
          state.part = makeStorePart({
            totals: { ...makeStorePart().totals, subtotalCents: 897, totalCents: 1985, refundedCents: 224 },
            refunds: [
              {
                id: 3,
                amountCents: 224,
                reason: 'Replaced Prairie Farms Whole Milk',
                status: 'COMPLETED',
                createdAt: '2026-11-21T18:40:00.000Z',
              },
            ],
          });
          state.part.lines[0] = makePickLine({
            state: 'REPLACED',
            replacement: {
              productUuid: 'p-milk-2',
              name: 'Store Brand Whole Milk, 1 gal',
              image: null,
              sizeLabel: '1 gal',
              unitPriceCents: 299,
              lineTotalCents: 598,
            },
          });
          return { body: state.part };
        },
      },
    });
    await user.click(within(await screen.findByRole('group', { name: `Actions for ${MILK}` })).getByRole('button', { name: 'Replace' }));
    const panel = await screen.findByRole('region', { name: `Replace ${MILK}` });
    expect(within(panel).getByLabelText('Search this store’s products')).toHaveFocus();
    expect(panel).toHaveTextContent('Products of this store at $3.99 or less.');
    const choices = await within(panel).findAllByRole('button', { name: /^Replace with / });
    expect(choices.map((b) => b.textContent)).toEqual([
      'Replace with Store Brand Whole Milk, 1 gal',
      'Replace with Dean Whole Milk, 1 gal',
    ]);
    expect(within(panel).getByText("Shopper's choice")).toBeInTheDocument();
    // Each says why it is offered, what it costs against the line and how many are on the shelf.
    expect(within(panel).getAllByRole('listitem')[1]).toHaveTextContent('$3.79 ($0.20 less) · 4 in stock Same item, other brand');

    await user.click(choices[0]!);
    await waitFor(() => expect(line(MILK)).toHaveTextContent('Replaced with Store Brand Whole Milk, 1 gal · $2.99 each'));
    expect(net!.calls.find((c) => c.method === 'POST')!.body).toEqual({ state: 'REPLACED', replacementProductUuid: 'p-milk-2' });
    // A settled line offers no more actions; the keyboard is left on the line.
    expect(screen.getByRole('heading', { level: 3, name: MILK })).toHaveFocus();
    expect(screen.queryByRole('group', { name: `Actions for ${MILK}` })).not.toBeInTheDocument();
    const totals = screen.getByRole('region', { name: 'Totals' });
    expect(totals).toHaveTextContent('Order total$19.85');
    expect(totals).toHaveTextContent('Refunded$2.24');
    expect(totals).toHaveTextContent('$2.24 · Replaced Prairie Farms Whole Milk');
  });

  it('shows the best five offers first, and the rest on "Show N more"', async () => {
    const user = userEvent.setup();
    const offer = (n: number) => ({
      productUuid: `p-dairy-${n}`,
      name: `Dairy Item ${n}, 1 gal`,
      image: '/images/a.svg',
      sizeLabel: '1 gal',
      priceCents: 300 - n,
      priceDifferenceCents: -99 - n,
      stockQuantity: 10,
      match: 'SAME_CATEGORY',
      preferred: false,
    });
    setup({
      handlers: { [`GET /ops/orders/${ORDER_ID}/lines/1/replacements`]: () => ({ body: { products: [1, 2, 3, 4, 5, 6, 7].map(offer) } }) },
    });
    await user.click(within(await screen.findByRole('group', { name: `Actions for ${MILK}` })).getByRole('button', { name: 'Replace' }));
    const panel = await screen.findByRole('region', { name: `Replace ${MILK}` });
    const choices = () =>
      within(panel)
        .getAllByRole('button', { name: /^Replace with / })
        .map((b) => b.textContent);
    await within(panel).findAllByRole('button', { name: /^Replace with / });
    expect(choices()).toEqual([1, 2, 3, 4, 5].map((n) => `Replace with Dairy Item ${n}, 1 gal`));
    // A name that ends with its size does not say the size twice.
    expect(within(panel).getAllByRole('listitem')[0]).toHaveTextContent(/^Dairy Item 1, 1 gal · \$2\.99 \(\$1\.00 less\)/);
    await user.click(within(panel).getByRole('button', { name: 'Show 2 more' }));
    expect(choices()).toHaveLength(7);
    expect(within(panel).getByRole('button', { name: 'Replace with Dairy Item 6, 1 gal' })).toHaveFocus();
    expect(within(panel).queryByRole('button', { name: /^Show \d+ more$/ })).not.toBeInTheDocument();
  });

  it('searches the replacements as staff type', async () => {
    const user = userEvent.setup();
    setup();
    await user.click(within(await screen.findByRole('group', { name: `Actions for ${MILK}` })).getByRole('button', { name: 'Replace' }));
    await user.type(await screen.findByLabelText('Search this store’s products'), 'dean');
    await waitFor(() =>
      expect(net!.calls.some((c) => c.url.pathname.endsWith('/replacements') && c.url.searchParams.get('q') === 'dean')).toBe(true),
    );
  });

  it("advances the store's part and shows a refused step's reason", async () => {
    const user = userEvent.setup();
    let refuse = false;
    const state = setup({
      handlers: {
        [`POST ${PART_PATH}/status`]: () => {
          if (refuse) return { status: 409, body: errorBody('1 line is not picked yet', 'LINES_UNRESOLVED') };
          state.part = makeStorePart({ status: 'PREPARING', allowedNext: ['READY_FOR_PICKUP', 'CANCELLED'] });
          state.part.lines = state.part.lines.map((l) => ({ ...l, state: 'FOUND' as const }));
          return { body: state.part };
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Mark Preparing' }));
    expect(await screen.findByRole('status')).toHaveTextContent("This store's part is now Preparing.");
    expect(net!.calls.find((c) => c.method === 'POST')!.body).toEqual({ status: 'PREPARING' });
    expect(await screen.findByRole('heading', { level: 2, name: '2 lines, all picked' })).toBeInTheDocument();
    // Cancelling is an admin's action with a reason, never a status button.
    expect(await screen.findByRole('button', { name: 'Mark Ready For Pickup' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark Cancelled' })).not.toBeInTheDocument();
    refuse = true;
    await user.click(screen.getByRole('button', { name: 'Mark Ready For Pickup' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('1 line is not picked yet');
  });

  it('shows the booked window at the top and keeps Ready disabled, saying why, while a line is unpicked', async () => {
    const inAnHour = new Date(Date.now() + 40 * 60_000 + 10_000);
    const window = {
      startsAt: inAnHour.toISOString(),
      endsAt: new Date(inAnHour.getTime() + 2 * 60 * 60_000).toISOString(),
      timeZone: 'America/Chicago',
    };
    setup({ part: makeStorePart({ status: 'PREPARING', allowedNext: ['READY_FOR_PICKUP', 'CANCELLED'], window }) });
    const top = await screen.findByText(/^Delivery window:/);
    expect(top.closest('p')).toHaveTextContent(
      /Delivery window: (Today|Tomorrow) \d{1,2}:\d{2} [AP]M – \d{1,2}:\d{2} [AP]M · due in 40 min$/,
    );
    const ready = screen.getByRole('button', { name: 'Mark Ready For Pickup' });
    expect(ready).toBeDisabled();
    expect(ready).toHaveAccessibleDescription('Ready when every line is picked: 2 lines are still to pick.');
  });

  it('asks to confirm "Deliver early" before the window opens, and sends the confirmation', async () => {
    const user = userEvent.setup();
    const later = new Date(Date.now() + 3 * 60 * 60_000);
    const window = {
      startsAt: later.toISOString(),
      endsAt: new Date(later.getTime() + 2 * 60 * 60_000).toISOString(),
      timeZone: 'America/Chicago',
    };
    const state = setup({
      part: makeStorePart({ status: 'OUT_FOR_DELIVERY', allowedNext: ['DELIVERED', 'CANCELLED'], window }),
      handlers: {
        [`POST ${PART_PATH}/status`]: () => {
          state.part = makeStorePart({ status: 'DELIVERED', allowedNext: [], window, deliveredEarlyAt: '2026-11-28T14:41:00.000Z' });
          return { body: state.part };
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Mark Delivered' }));
    // Nothing is sent until the early delivery is confirmed.
    expect(net!.calls.some((c) => c.method === 'POST')).toBe(false);
    const confirm = screen.getByRole('group', { name: 'Deliver early' });
    expect(confirm).toHaveTextContent('has not opened yet. Deliver early anyway?');
    // The keyboard goes to the question's answer, and Cancel brings it back to where it was.
    expect(within(confirm).getByRole('button', { name: 'Deliver early' })).toHaveFocus();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('group', { name: 'Deliver early' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark Delivered' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.click(within(screen.getByRole('group', { name: 'Deliver early' })).getByRole('button', { name: 'Deliver early' }));
    expect(await screen.findByRole('status')).toHaveTextContent("This store's part is now Delivered.");
    expect(net!.calls.find((c) => c.method === 'POST')!.body).toEqual({ status: 'DELIVERED', deliverEarly: true });
    // In the store's time, like the window above it (not the device's), and no "due in" once delivered.
    expect(await screen.findByText('Delivered early, confirmed at 8:41 AM.')).toBeInTheDocument();
    expect(screen.getByText(/^Delivery window:/)).not.toHaveTextContent(/due in|late|left/);
  });

  it('honours "Don\'t replace": no Replace for that line, and says what to do', async () => {
    setup();
    const actions = within(await screen.findByRole('group', { name: `Actions for ${BREAD}` }));
    expect(actions.queryByRole('button', { name: 'Replace' })).not.toBeInTheDocument();
    expect(actions.getByRole('button', { name: 'Unavailable' })).toBeInTheDocument();
    expect(line(BREAD)).toHaveTextContent('The shopper chose "Don\'t replace"');
  });

  it('offers no line actions once the part has left the store', async () => {
    setup({ part: makeStorePart({ status: 'OUT_FOR_DELIVERY', allowedNext: ['DELIVERED', 'CANCELLED'] }) });
    expect(await screen.findByRole('button', { name: 'Mark Delivered' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Found' })).not.toBeInTheDocument();
  });

  it('lets only an admin cancel, and only with a reason', async () => {
    const user = userEvent.setup();
    const state = setup({
      user: adminUser(),
      handlers: {
        [`POST /ops/orders/${ORDER_ID}/cancel`]: () => {
          state.part = makeStorePart({
            orderStatus: 'CANCELLED',
            status: 'CANCELLED',
            allowedNext: [],
            cancelReason: 'Store closed for a power cut',
          });
          return { body: state.part };
        },
      },
    });
    const form = await screen.findByRole('region', { name: 'Cancel this order' });
    await user.click(within(form).getByRole('button', { name: 'Cancel order' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Please give a reason for cancelling.');
    expect(net!.calls.some((c) => c.method === 'POST')).toBe(false);
    await user.type(within(form).getByLabelText('Reason'), 'Store closed for a power cut');
    await user.click(within(form).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(screen.getByText('Store closed for a power cut', { selector: 'dd' })).toBeInTheDocument());
    expect(net!.calls.find((c) => c.method === 'POST')!.body).toEqual({ reason: 'Store closed for a power cut' });
  });

  it('shows staff no cancel form', async () => {
    setup();
    await screen.findByRole('heading', { level: 2, name: `GR-100042 · ${STORE_A.name}` });
    expect(screen.queryByRole('region', { name: 'Cancel this order' })).not.toBeInTheDocument();
  });

  it("says an order that is not the store's was not found", async () => {
    net = mockFetch({ [`GET ${PART_PATH}`]: () => ({ status: 404, body: errorBody('Order not found', 'NOT_FOUND') }) });
    renderWithProviders(<PickListPage />, {
      route: PART_PATH.replace('/ops', '/admin'),
      path: '/admin/orders/:orderId/stores/:storeId',
      preloadedState: { session: { user: staffUser() } },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('This order was not found.');
  });
});

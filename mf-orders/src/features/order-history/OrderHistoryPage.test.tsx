import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ORDER_STATUSES, routePatterns, type Order, type User } from '@grocer/shared';
import { mockFetch, renderWithProviders, type FetchMock, type MockHandler } from '@grocer/shared/testing';
import { errorBody, makeOrder, makeOrderItem, makeOrders, makeTwoStoreOrder, makeUser } from '../../testing/fixtures.ts';
import OrderHistoryPage from './OrderHistoryPage.tsx';

const HISTORY = 'GET /orders/user/history';
let net: FetchMock | undefined;

afterEach(() => {
  net?.restore();
  net = undefined;
});

function setup(handler: MockHandler, user: User | null = makeUser()) {
  net = mockFetch({ [HISTORY]: handler });
  return renderWithProviders(<OrderHistoryPage />, {
    route: '/order-history',
    path: routePatterns.orderHistory,
    preloadedState: { session: { user } },
  });
}

const page = (orders: Order[], nextCursor?: string) => ({
  body: orders,
  headers: nextCursor ? { 'x-next-cursor': nextCursor } : undefined,
});
const historyCalls = () => net?.calls.filter((call) => call.url.pathname === '/orders/user/history') ?? [];
const cards = () => screen.getAllByRole('article');
const card = (name: string) => screen.getByRole('article', { name });

describe('OrderHistoryPage', () => {
  it("keeps the 'Order history' heading and asks a visitor to log in", () => {
    setup(() => page([]), null);
    expect(screen.getByRole('heading', { level: 1, name: 'Order history' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Please log in to view your order history.');
    expect(net!.calls).toHaveLength(0);
  });

  it('says so when loading fails', async () => {
    setup(() => ({ status: 500, body: errorBody('Unable to retrieve order history') }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load your order history. Please try again later.');
    expect(screen.getByRole('heading', { level: 1, name: 'Order history' })).toBeInTheDocument();
  });

  it("shows 'No Orders Yet' with 'Start Shopping' and 'Back to Account'", async () => {
    setup(() => page([]));
    expect(await screen.findByRole('heading', { name: 'No Orders Yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start Shopping' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Back to Account' })).toHaveAttribute('href', '/account');
  });

  it('asks for the first page of 10 with the token', async () => {
    setup(() => page(makeOrders(1)));
    await screen.findByRole('article');
    expect(Object.fromEntries(historyCalls()[0]!.url.searchParams)).toEqual({ limit: '10' });
    expect(historyCalls()[0]!.headers.get('Authorization')).toMatch(/^Bearer /);
  });

  it('shows an order card: id, date, status, count, total, city and state, links', async () => {
    const order = makeOrder({ orderStatus: 'READY_FOR_PICKUP' });
    setup(() => page([order]));
    const c = await screen.findByRole('article', { name: 'Order #GR-100042' });
    expect(within(c).getByText(order.orderId)).toBeInTheDocument();
    expect(within(c).getByText(/^\d{1,2}\/\d{1,2}\/2026$/)).toBeInTheDocument();
    expect(within(c).getByText('Ready For Pickup')).toHaveClass('order-badge-primary');
    expect(within(c).getByText('2 items')).toBeInTheDocument();
    expect(within(c).getByText('$16.92')).toBeInTheDocument();
    expect(within(c).getByText('Springfield, IL')).toBeInTheDocument();
    expect(within(c).getByRole('link', { name: 'View Details' })).toHaveAttribute('href', `/order-details/${order.orderId}`);
    expect(within(c).getByRole('link', { name: 'Contact Support' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:help@grocer\.example/),
    );
  });

  it('colours and title-cases every status; no Contact Support once DELIVERED or CANCELLED', async () => {
    const orders = ORDER_STATUSES.map((orderStatus, i) => makeOrders(1, i + 1).map((order) => ({ ...order, orderStatus }))[0]!);
    setup(() => page(orders));
    await screen.findAllByRole('article');
    const expected: Record<string, [string, string, boolean]> = {
      PENDING: ['Pending', 'primary', true],
      CONFIRMED: ['Confirmed', 'primary', true],
      PROCESSING: ['Processing', 'primary', true],
      PREPARING: ['Preparing', 'warning', true],
      READY_FOR_PICKUP: ['Ready For Pickup', 'primary', true],
      OUT_FOR_DELIVERY: ['Out For Delivery', 'info', true],
      DELIVERED: ['Delivered', 'success', false],
      CANCELLED: ['Cancelled', 'danger', false],
    };
    orders.forEach((order) => {
      const [label, tone, support] = expected[order.orderStatus]!;
      const c = card(`Order #${order.orderNumber}`);
      expect(within(c).getByText(label)).toHaveClass(`order-badge order-badge-${tone}`);
      expect(within(c).queryByRole('link', { name: 'Contact Support' }) !== null).toBe(support);
    });
  });

  it("previews the first 3 items and says '+N more items'", async () => {
    const items = ['Milk', 'Bread', 'Eggs', 'Apples', 'Cheese'].map((productName) =>
      makeOrderItem({ productName, productUuid: `p-${productName}`, sizeLabel: null, quantity: 1 }),
    );
    setup(() => page([makeOrder({ orderItems: items }), makeOrders(1, 2).map((o) => ({ ...o, orderItems: items.slice(0, 3) }))[0]!]));
    const [five, three] = await screen.findAllByRole('article');
    expect(
      within(within(five!).getByRole('list', { name: 'Items' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1x Milk', '1x Bread', '1x Eggs', '+2 more items']);
    expect(within(five!).getByRole('link', { name: 'Milk' })).toHaveAttribute('href', '/store/fresh-mart/product/p-Milk');
    expect(five!.querySelector('.order-history-preview img')).toHaveAttribute('src', 'http://localhost:4000/images/products/p-milk.svg');
    expect(within(three!).queryByText(/more items/)).not.toBeInTheDocument();
  });

  describe('Load More Orders', () => {
    it('appends the next page and disappears on the last one', async () => {
      setup(({ url }) => {
        const cursor = url.searchParams.get('cursor');
        if (!cursor) return page(makeOrders(10, 1), 'cursor-2');
        if (cursor === 'cursor-2') return page(makeOrders(10, 11), 'cursor-3');
        return page(makeOrders(2, 21));
      });
      const events = userEvent.setup();
      await events.click(await screen.findByRole('button', { name: 'Load More Orders' }));
      await waitFor(() => expect(cards()).toHaveLength(20));
      expect(historyCalls()[1]!.url.searchParams.get('cursor')).toBe('cursor-2');
      expect(historyCalls()[1]!.url.searchParams.get('limit')).toBe('10');
      // Appended, in order: the first page is still there.
      expect(cards()[0]).toHaveAccessibleName('Order #GR-100001');
      expect(cards()[19]).toHaveAccessibleName('Order #GR-100020');

      await events.click(screen.getByRole('button', { name: 'Load More Orders' }));
      await waitFor(() => expect(cards()).toHaveLength(22));
      expect(screen.queryByRole('button', { name: 'Load More Orders' })).not.toBeInTheDocument();
    });

    it('is not offered under 10 orders, even with a next cursor', async () => {
      setup(() => page(makeOrders(9), 'cursor-2'));
      await screen.findAllByRole('article');
      expect(screen.queryByRole('button', { name: 'Load More Orders' })).not.toBeInTheDocument();
    });

    it('is not offered at 10 orders without a next cursor', async () => {
      setup(() => page(makeOrders(10)));
      await screen.findAllByRole('article');
      expect(screen.queryByRole('button', { name: 'Load More Orders' })).not.toBeInTheDocument();
    });

    it('keeps the listed orders and says so when the next page fails', async () => {
      setup(({ url }) => (url.searchParams.get('cursor') ? { status: 500, body: errorBody('boom') } : page(makeOrders(10), 'cursor-2')));
      const events = userEvent.setup();
      await events.click(await screen.findByRole('button', { name: 'Load More Orders' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load your order history. Please try again later.');
      expect(cards()).toHaveLength(10);
    });
  });
});

describe('OrderHistoryPage told store by store', () => {
  it("shows each store's badge, window and what happened to its lines, and how far the stores are", async () => {
    setup(() => page([makeTwoStoreOrder()]));
    const order = await screen.findByRole('article', { name: 'Order #GR-100042' });
    // The overall badge keeps the spec's text; the words say the rest.
    expect(within(order).getAllByText('Confirmed')[0]).toHaveClass('order-badge');
    expect(within(order).getByText('1 of 2 stores delivered')).toBeInTheDocument();
    const stores = within(order).getByRole('list', { name: 'Stores' });
    expect(
      within(stores)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Fresh MartDeliveredDelivery Sat, Nov 21, 5:00 PM – 7:00 PM1 found',
      'Green GrocerConfirmedDelivery Sat, Nov 21, 7:00 PM – 9:00 PM1 unavailable · $6.97 refunded',
    ]);
    expect(within(stores).getByText('Delivered')).toHaveClass('order-badge-success');
    // Still under way: support stays offered.
    expect(within(order).getByRole('link', { name: 'Contact Support' })).toBeInTheDocument();
  });

  it("gives a one-store order one badge (its part's is the order's) and still its window and lines' fate", async () => {
    const two = makeTwoStoreOrder();
    const [, greenGrocer] = two.storeParts!;
    setup(() => page([{ ...two, orderItems: two.orderItems.slice(1), storeParts: [greenGrocer!] }]));
    const order = await screen.findByRole('article', { name: 'Order #GR-100042' });
    expect(within(order).getAllByText('Confirmed')).toHaveLength(1);
    expect(within(order).queryByText(/stores delivered/)).not.toBeInTheDocument();
    expect(within(order).getByRole('list', { name: 'Stores' })).toHaveTextContent(
      'Green GrocerDelivery Sat, Nov 21, 7:00 PM – 9:00 PM1 unavailable · $6.97 refunded',
    );
  });
});

describe('OrderHistoryPage head', () => {
  it('is titled and kept out of search engines', () => {
    setup(() => page([]), null);
    expect(document.title).toBe('Order history | Grocer');
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  });
});

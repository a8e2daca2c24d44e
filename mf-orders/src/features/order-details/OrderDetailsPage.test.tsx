import { act, screen, waitFor, within } from '@testing-library/react';
import { setupListeners } from '@reduxjs/toolkit/query';
import { formatUsShortDate, routePatterns, type Order, type OrderStatus, type User } from '@grocer/shared';
import { FakeEventSource, mockFetch, renderWithProviders, type FetchMock, type MockHandler } from '@grocer/shared/testing';
import { errorBody, makeOrder, makeOrderItem, makeTwoStoreOrder, makeUser } from '../../testing/fixtures.ts';
import OrderDetailsPage, { ORDER_POLL_MS } from './OrderDetailsPage.tsx';

const ORDER = makeOrder();
const ORDER_URL = `/order-details/${ORDER.orderId}`;
const GET_ORDER = `GET /orders/${ORDER.orderId}`;

let net: FetchMock | undefined;

afterEach(() => {
  net?.restore();
  net = undefined;
  jest.useRealTimers();
});

function setup({
  order = ORDER,
  handler,
  user = makeUser(),
  route = ORDER_URL,
  newOrder = false,
}: { order?: Order; handler?: MockHandler; user?: User | null; route?: string; newOrder?: boolean } = {}) {
  net = mockFetch({ [GET_ORDER]: handler ?? (() => ({ body: order })) });
  return renderWithProviders(<OrderDetailsPage />, {
    route: newOrder ? { pathname: route, state: { newOrder: true } } : route,
    path: routePatterns.orderDetails,
    preloadedState: { session: { user } },
  });
}

const orderCalls = () => net?.calls.filter((call) => call.url.pathname === `/orders/${ORDER.orderId}`) ?? [];
const infoCard = () => screen.getByRole('region', { name: 'Order Information' });
const fact = (term: string) => within(infoCard()).getByText(term).nextElementSibling as HTMLElement;
const stepsOf = () =>
  within(screen.getByRole('region', { name: 'Order Progress' }))
    .getAllByRole('listitem')
    .map((step) => step.textContent);

describe('OrderDetailsPage', () => {
  it("says 'Order Details' and shows the information card", async () => {
    setup({ order: makeOrder({ orderStatus: 'OUT_FOR_DELIVERY' }) });
    expect(screen.getByRole('heading', { level: 1, name: 'Order Details' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Order Information' })).toBeInTheDocument();
    expect(fact('Status')).toHaveTextContent('Out For Delivery');
    expect(fact('Order Number')).toHaveTextContent('GR-100042');
    expect(fact('Payment')).toHaveTextContent('Payment Processed');
    expect(fact('Total')).toHaveTextContent('$16.92');
    expect(fact('Items')).toHaveTextContent('2 items');
    expect(fact('Order Date')).toHaveTextContent(formatUsShortDate(ORDER.orderDate));
    expect(fact('Order Date').textContent).toMatch(/^11\/2[12]\/2026$/);
    // The token goes with the call.
    expect(orderCalls()[0]!.headers.get('Authorization')).toMatch(/^Bearer /);
  });

  it("says 'Successfully Placed' with a 'Confirmed' badge after checkout", async () => {
    setup({ newOrder: true, order: makeOrder({ orderStatus: 'PENDING' }) });
    expect(screen.getByRole('heading', { level: 1, name: 'Successfully Placed' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Order Information' })).toBeInTheDocument();
    expect(fact('Status')).toHaveTextContent(/^Confirmed$/);
    expect(screen.queryByRole('heading', { name: 'Order Details' })).not.toBeInTheDocument();
  });

  it('shows the order id when there is no order number', async () => {
    setup({ order: makeOrder({ orderNumber: null }) });
    await screen.findByRole('region', { name: 'Order Information' });
    expect(fact('Order Number')).toHaveTextContent(ORDER.orderId);
  });

  it.each<[OrderStatus, string[]]>([
    [
      'PENDING',
      [
        'Order Confirmed (reached)',
        'Store Preparation (not reached yet)',
        'Out for Delivery (not reached yet)',
        'Delivered to You (not reached yet)',
      ],
    ],
    [
      // Paid, no store preparing yet: preparation is not lit at payment.
      'CONFIRMED',
      [
        'Order Confirmed (reached)',
        'Store Preparation (not reached yet)',
        'Out for Delivery (not reached yet)',
        'Delivered to You (not reached yet)',
      ],
    ],
    [
      'PREPARING',
      [
        'Order Confirmed (reached)',
        'Store Preparation (reached)In Progress',
        'Out for Delivery (not reached yet)',
        'Delivered to You (not reached yet)',
      ],
    ],
    [
      'READY_FOR_PICKUP',
      [
        'Order Confirmed (reached)',
        'Store Preparation (reached)Completed',
        'Out for Delivery (not reached yet)',
        'Delivered to You (not reached yet)',
      ],
    ],
    [
      'DELIVERED',
      ['Order Confirmed (reached)', 'Store Preparation (reached)Completed', 'Out for Delivery (reached)', 'Delivered to You (reached)'],
    ],
    [
      'CANCELLED',
      [
        'Order Confirmed (not reached yet)',
        'Store Preparation (not reached yet)',
        'Out for Delivery (not reached yet)',
        'Delivered to You (not reached yet)',
      ],
    ],
  ])('lights the timeline for %s', async (status, steps) => {
    setup({ order: makeOrder({ orderStatus: status }) });
    await screen.findByRole('region', { name: 'Order Progress' });
    expect(stepsOf().map((text) => text!.replace(/^[✓\d]/, ''))).toEqual(steps);
  });

  it('lists items with picture, size, store (default Store), unit price and line total, and the summary', async () => {
    // The second line is an older one, from before lines named their product: it renders as text.
    const older = { productUuid: null, image: null, sizeLabel: null, unitPriceLabel: null, storePublicId: null };
    setup({
      order: makeOrder({
        orderItems: [
          makeOrderItem(),
          makeOrderItem({ productName: 'Sourdough Bread', storeName: null, unitPrice: 5.25, quantity: 1, ...older }),
        ],
      }),
    });
    const items = await screen.findByRole('region', { name: 'Order Items' });
    const lines = within(items).getAllByRole('listitem');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toHaveTextContent('2x Whole Milk, 1 gal');
    expect(lines[0]).toHaveTextContent('Fresh Mart · $3.49 × 2 · $0.03/fl oz');
    expect(lines[0]).toHaveTextContent('$6.98');
    expect(within(lines[0]!).getByRole('link', { name: 'Whole Milk, 1 gal' })).toHaveAttribute('href', '/store/fresh-mart/product/p-milk');
    const img = lines[0]!.querySelector('img');
    expect(img).toHaveAttribute('src', 'http://localhost:4000/images/products/p-milk.svg');
    expect(img).toHaveAttribute('width', '48');
    expect(img!.closest('a')).toHaveAttribute('tabindex', '-1');
    expect(within(lines[1]!).queryByRole('link')).not.toBeInTheDocument();
    expect(lines[1]!.querySelector('img')).toBeNull();
    expect(lines[1]).toHaveTextContent('1x Sourdough Bread');
    expect(lines[1]).toHaveTextContent(/^1x Sourdough BreadStore · \$5\.25 × 1If out of stock: best match\$5\.25$/);

    const summary = screen.getByRole('region', { name: 'Order Summary' });
    for (const [label, amount] of [
      ['Subtotal', '$6.98'],
      ['Tax', '$0.44'],
      ['Service Fee', '$2.00'],
      ['Delivery Fee', '$7.50'],
      ['Total', '$16.92'],
    ]) {
      expect(within(summary).getByText(label!).nextElementSibling).toHaveTextContent(amount!);
    }
  });

  it('shows the delivery address, help contacts and links', async () => {
    setup();
    const address = await screen.findByRole('region', { name: 'Delivery Address' });
    for (const line of [
      'Ada Lovelace',
      '1 Main St',
      'Apt 2',
      'Springfield, IL 62701',
      'Phone: (217) 555-0100',
      'Instructions: Leave at the door',
    ]) {
      expect(within(address).getByText(line)).toBeInTheDocument();
    }
    const help = screen.getByRole('region', { name: 'Need Help?' });
    expect(within(help).getByRole('link', { name: '(312) 555-0142' })).toHaveAttribute('href', 'tel:+13125550142');
    expect(within(help).getByRole('link', { name: 'help@grocer.example' })).toHaveAttribute('href', 'mailto:help@grocer.example');
    expect(screen.getByRole('link', { name: 'View Order History' })).toHaveAttribute('href', '/order-history');
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/');
  });

  it("says 'Delivery information not available' without an address", async () => {
    setup({
      order: makeOrder({
        deliveryAddressLine1: null,
        deliveryApartment: null,
        deliveryCity: null,
        deliveryState: null,
        deliveryPostalCode: null,
      }),
    });
    const address = await screen.findByRole('region', { name: 'Delivery Address' });
    expect(within(address).getByText('Delivery information not available')).toBeInTheDocument();
  });

  describe('errors (spec §8)', () => {
    it('not found (404)', async () => {
      setup({ handler: () => ({ status: 404, body: errorBody('Order not found', 'ORDER_NOT_FOUND') }) });
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'This order could not be found. It may have been from a previous session. Please check your order history or contact support if you need assistance.',
      );
      expect(screen.getByRole('heading', { level: 1, name: 'Order Details' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'View Order History' })).toHaveAttribute('href', '/order-history');
    });

    it('no user', () => {
      setup({ user: null });
      expect(screen.getByRole('alert')).toHaveTextContent('Please log in to view order details.');
      expect(net!.calls).toHaveLength(0);
    });

    it('an id that is not a UUID, without calling the API', () => {
      setup({ route: '/order-details/ord-1' });
      expect(screen.getByRole('alert')).toHaveTextContent('Invalid order ID. Please check the URL or contact support.');
      expect(screen.getByRole('heading', { level: 1, name: 'Order Details' })).toBeInTheDocument();
      // Not a dead end: the spec's links to the order history and home.
      expect(screen.getByRole('link', { name: 'View Order History' })).toHaveAttribute('href', '/order-history');
      expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/');
      expect(net!.calls).toHaveLength(0);
    });

    it('any other failure', async () => {
      setup({ handler: () => ({ status: 500, body: errorBody('boom') }) });
      expect(await screen.findByRole('alert')).toHaveTextContent('Unable to load order details. Please contact support.');
    });
  });

  describe('live status', () => {
    it('polls while the order can change, so an admin’s status change shows without a reload', async () => {
      jest.useFakeTimers();
      let status: OrderStatus = 'CONFIRMED';
      const { store } = setup({ handler: () => ({ body: makeOrder({ orderStatus: status }) }) });
      // The shell's bootstrap sets these window listeners up for every page.
      const stopListening = setupListeners(store.dispatch);
      await screen.findByRole('region', { name: 'Order Information' });
      expect(fact('Status')).toHaveTextContent('Confirmed');

      status = 'PREPARING';
      await act(async () => void jest.advanceTimersByTime(ORDER_POLL_MS));
      await waitFor(() => expect(fact('Status')).toHaveTextContent('Preparing'));
      expect(screen.getByText('In Progress')).toBeInTheDocument();

      status = 'DELIVERED';
      await act(async () => void jest.advanceTimersByTime(ORDER_POLL_MS));
      await waitFor(() => expect(fact('Status')).toHaveTextContent('Delivered'));
      const calls = orderCalls().length;
      // Delivered is final: no more polling.
      await act(async () => void jest.advanceTimersByTime(ORDER_POLL_MS * 3));
      expect(orderCalls()).toHaveLength(calls);
      stopListening();
    });

    it('refetches when the window regains focus', async () => {
      let status: OrderStatus = 'CONFIRMED';
      const { store } = setup({ handler: () => ({ body: makeOrder({ orderStatus: status }) }) });
      // The shell's bootstrap sets these window listeners up for every page.
      const stopListening = setupListeners(store.dispatch);
      await screen.findByRole('region', { name: 'Order Information' });
      status = 'OUT_FOR_DELIVERY';
      act(() => void window.dispatchEvent(new Event('focus')));
      await waitFor(() => expect(fact('Status')).toHaveTextContent('Out For Delivery'));
      stopListening();
    });
  });
});

describe('OrderDetailsPage after the stores picked', () => {
  const milk = makeOrderItem();
  const picked = (version: number) =>
    makeOrder({
      totalAmount: 14.68,
      orderItems: [
        { ...milk, fulfilment: { state: 'FOUND', replacement: null } },
        {
          ...makeOrderItem({ productName: 'Prairie Farms Whole Milk', sizeLabel: '1 gal', quantity: 2 }),
          fulfilment: {
            state: 'REPLACED',
            replacement: {
              productUuid: 'p-2',
              productName: 'Store Brand Whole Milk',
              image: null,
              sizeLabel: '1 gal',
              unitPrice: 2.99,
              lineTotal: 5.98,
            },
          },
        },
        { ...makeOrderItem({ productName: 'Turano Italian Bread' }), fulfilment: { state: 'UNAVAILABLE', replacement: null } },
      ],
      adjustments: {
        originalTotal: 16.92,
        refundedTotal: 2.24,
        refunds: [{ amount: 2.24, reason: 'Replaced and unavailable lines', status: 'COMPLETED', createdAt: ORDER.orderDate }],
        cancelReason: null,
        version,
      },
    });

  it('shows found, replaced and unavailable lines, the new total and the refund', async () => {
    setup({ order: picked(3) });
    const items = await screen.findByRole('region', { name: 'Order Items' });
    expect(within(items).getByText('Found')).toBeInTheDocument();
    expect(within(items).getByText('Replaced with Store Brand Whole Milk, 1 gal ($2.99 × 2)')).toBeInTheDocument();
    expect(within(items).getByText('Unavailable · refunded')).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'Order Summary' });
    expect(within(summary).getByText('Total').nextElementSibling).toHaveTextContent('$14.68');
    expect(within(summary).getByText('Originally Paid').nextElementSibling).toHaveTextContent('$16.92');
    expect(within(summary).getByText('Refunded').nextElementSibling).toHaveTextContent('$2.24');
  });

  it('refetches the order when its stream says a store changed it', async () => {
    const uninstall = FakeEventSource.install();
    try {
      let current = ORDER;
      net = mockFetch({
        [GET_ORDER]: () => ({ body: current }),
        [`POST /orders/${ORDER.orderId}/events/ticket`]: () => ({ body: { ticket: 'tk', expiresAt: ORDER.orderDate } }),
      });
      renderWithProviders(<OrderDetailsPage />, {
        route: ORDER_URL,
        path: routePatterns.orderDetails,
        preloadedState: { session: { user: makeUser() } },
      });
      await screen.findByRole('region', { name: 'Order Summary' });
      await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
      expect(FakeEventSource.last().url).toBe(`http://localhost:4000/orders/${ORDER.orderId}/events?ticket=tk`);
      current = picked(2);
      act(() => FakeEventSource.last().emit('order_updated', { orderId: ORDER.orderId, version: 2, orderStatus: 'PREPARING' }));
      expect(await screen.findByText('Unavailable · refunded')).toBeInTheDocument();
    } finally {
      uninstall();
    }
  });
});

describe('OrderDetailsPage told store by store', () => {
  const TWO = makeTwoStoreOrder();

  it("states the overall status from the parts, and shows each store's badge, window and lines", async () => {
    setup({ order: TWO });
    await screen.findByRole('region', { name: 'Order Information' });
    // The spec's badge text for the overall status, and how far the stores are in words.
    expect(within(fact('Status')).getByText('Confirmed')).toHaveClass('order-badge');
    expect(fact('Status')).toHaveTextContent('Confirmed1 of 2 stores delivered');

    // Each store: its own badge, its window and what happened to its lines.
    const stores = within(screen.getByRole('region', { name: 'Stores' })).getAllByRole('listitem');
    expect(stores.map((li) => li.textContent)).toEqual([
      'Fresh MartDeliveredDelivery Sat, Nov 21, 5:00 PM – 7:00 PM1 found',
      'Green GrocerConfirmedDelivery Sat, Nov 21, 7:00 PM – 9:00 PM1 unavailable · $6.97 refunded',
    ]);
    expect(within(stores[0]!).getByText('Delivered')).toHaveClass('order-badge-success');
    expect(within(stores[1]!).getByText('Confirmed')).toHaveClass('order-badge-primary');
    // Each line says its fate and refund, in the order's lines (which keep their early-painted place).
    const items = screen.getByRole('region', { name: 'Order Items' });
    expect(within(items).getByText('Found')).toBeInTheDocument();
    expect(within(items).getByText('Unavailable · refunded $6.97')).toBeInTheDocument();
    // Each store's window is in its line; the order-wide list is not repeated.
    expect(screen.queryByRole('region', { name: 'Delivery Windows' })).not.toBeInTheDocument();
  });

  it('lights the timeline from what the stores did, with how many stores reached each step', async () => {
    setup({ order: TWO });
    await screen.findByRole('region', { name: 'Order Progress' });
    expect(stepsOf().map((text) => text!.replace(/^[✓\d]/, ''))).toEqual([
      'Order Confirmed (reached)',
      'Store Preparation (reached)In Progress1 of 2 stores',
      'Out for Delivery (reached)1 of 2 stores',
      'Delivered to You (not reached yet)1 of 2 stores',
    ]);
  });

  it("follows a store's part live: its stream refetches the order and the part's badge moves", async () => {
    const uninstall = FakeEventSource.install();
    try {
      let current: Order = TWO;
      net = mockFetch({
        [GET_ORDER]: () => ({ body: current }),
        [`POST /orders/${ORDER.orderId}/events/ticket`]: () => ({ body: { ticket: 'tk', expiresAt: ORDER.orderDate } }),
      });
      renderWithProviders(<OrderDetailsPage />, {
        route: ORDER_URL,
        path: routePatterns.orderDetails,
        preloadedState: { session: { user: makeUser() } },
      });
      await screen.findByRole('region', { name: 'Stores' });
      await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
      current = { ...TWO, storeParts: TWO.storeParts!.map((p) => ({ ...p, status: 'OUT_FOR_DELIVERY' as const })) };
      current.storeParts![0]!.status = 'DELIVERED';
      act(() => FakeEventSource.last().emit('order_updated', { orderId: ORDER.orderId, version: 2, orderStatus: 'CONFIRMED' }));
      const greenGrocer = () => within(screen.getByRole('region', { name: 'Stores' })).getAllByRole('listitem')[1]!;
      await waitFor(() => expect(within(greenGrocer()).getByText('Out For Delivery')).toBeInTheDocument());
      expect(fact('Status')).toHaveTextContent('Out For Delivery1 of 2 stores delivered, 1 out for delivery');
    } finally {
      uninstall();
    }
  });
});

describe('OrderDetailsPage head', () => {
  it('names the order and is kept out of search engines', async () => {
    setup({ order: makeOrder() });
    await screen.findByRole('region', { name: 'Order Information' });
    expect(document.title).toBe(`Order ${ORDER.orderId} | Grocer`);
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  });
});

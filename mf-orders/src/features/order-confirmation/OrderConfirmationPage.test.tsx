import { screen, within } from '@testing-library/react';
import { formatUsTime, routePatterns, type DeliveryInfo, type OrderConfirmationLocationState, type User } from '@grocer/shared';
import { mockFetch, renderWithProviders, type FetchMock, type MockHandler } from '@grocer/shared/testing';
import { errorBody, makeOrder, makeOrderItem, makeUser } from '../../testing/fixtures.ts';
import OrderConfirmationPage from './OrderConfirmationPage.tsx';

const ORDER = makeOrder({
  orderItems: [
    makeOrderItem(),
    makeOrderItem({ productName: 'Sourdough Bread', storeName: null, unitPrice: 5.25, quantity: 1, lineTotal: 5.25 }),
  ],
});
const URL_OF_ORDER = `/order-confirmation/${ORDER.orderId}`;
const GET_ORDER = `GET /orders/${ORDER.orderId}`;

const DELIVERY: DeliveryInfo = {
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace@example.com',
  phone: '(217) 555-0199',
  address: '9 Elm St',
  apartment: '',
  city: 'Chicago',
  state: 'IL',
  zipCode: '60601',
  deliveryInstructions: 'Ring twice',
};

let net: FetchMock | undefined;

afterEach(() => {
  net?.restore();
  net = undefined;
});

function setup({
  state,
  handler = () => ({ body: ORDER }),
  user = makeUser(),
  route = URL_OF_ORDER,
}: { state?: OrderConfirmationLocationState; handler?: MockHandler; user?: User | null; route?: string } = {}) {
  net = mockFetch({ [GET_ORDER]: handler });
  return renderWithProviders(<OrderConfirmationPage />, {
    route: state ? { pathname: route, state } : route,
    path: routePatterns.orderConfirmation,
    preloadedState: { session: { user } },
  });
}

const region = (name: string) => screen.getByRole('region', { name });

describe('OrderConfirmationPage', () => {
  it('shows what checkout handed over without fetching', () => {
    const eta = '2026-11-21T19:40:00.000Z';
    setup({
      state: {
        orderResult: ORDER,
        trackingInfo: { trackingNumber: 'TRK-778899', estimatedDelivery: eta },
        paymentResult: { method: 'paypal', transactionId: 'CAPTURE-123' },
        notificationsSent: true,
        deliveryInfo: DELIVERY,
      },
    });
    expect(net!.calls).toHaveLength(0);
    expect(screen.getByRole('heading', { level: 1, name: 'Order Confirmed!' })).toBeInTheDocument();
    expect(screen.getByText('GR-100042')).toBeInTheDocument();
    expect(screen.getByText('TRK-778899')).toBeInTheDocument();
    expect(screen.getByText('PayPal Payment Confirmed')).toBeInTheDocument();

    const timeline = within(region('Delivery Timeline'))
      .getAllByRole('listitem')
      .map((li) => li.textContent!.replace(/^[✓\d]/, ''));
    expect(timeline).toEqual([
      'Order ConfirmedJust now',
      'Preparing5-10 minutes',
      'Out for Delivery15-20 minutes',
      `DeliveredEstimated ${formatUsTime(eta)}`,
    ]);

    // The address comes from the state, not from the order.
    const address = region('Delivery Address');
    for (const line of ['Grace Hopper', '9 Elm St', 'Chicago, IL 60601', 'Phone: (217) 555-0199', 'Instructions: Ring twice']) {
      expect(within(address).getByText(line)).toBeInTheDocument();
    }
    expect(within(address).queryByText('1 Main St')).not.toBeInTheDocument();

    const items = within(region('Order Items')).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('2x Whole Milk');
    expect(items[0]).toHaveTextContent('Fresh Mart · $3.49 × 2');
    expect(items[0]).toHaveTextContent('$6.98');
    expect(items[1]).toHaveTextContent('1x Sourdough Bread');
    expect(items[1]).toHaveTextContent('Store · $5.25 × 1');

    const payment = region('Payment Method');
    expect(within(payment).getByText('PayPal')).toBeInTheDocument();
    expect(within(payment).getByText('Paid')).toBeInTheDocument();
    expect(within(payment).getByText('CAPTURE-123')).toBeInTheDocument();

    const notified = within(region('Notifications Sent'))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(notified).toEqual(['Stores notified', 'Admin dashboard updated', 'Tracking initialized']);

    expect(within(region('Order Summary')).getByText('Total').nextElementSibling).toHaveTextContent('$16.92');
    expect(within(region('Need Help?')).getByRole('link', { name: 'help@grocer.example' })).toBeInTheDocument();
    expect(within(region('Confirmation Email Sent')).getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to My Account' })).toHaveAttribute('href', '/account');
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/');
  });

  it('fetches the order when there is no state, and uses its address and order time', async () => {
    setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Order Confirmed!' })).toBeInTheDocument();
    expect(net!.calls.map((call) => call.url.pathname)).toEqual([`/orders/${ORDER.orderId}`]);
    expect(screen.getByText('GR-100042')).toBeInTheDocument();
    expect(screen.queryByText('Tracking Number')).not.toBeInTheDocument();
    expect(screen.getByText('PayPal Payment Confirmed')).toBeInTheDocument();
    expect(within(region('Delivery Address')).getByText('1 Main St')).toBeInTheDocument();
    // 45 minutes after the order time (spec §9).
    const expected = formatUsTime(new Date(Date.parse(ORDER.orderDate) + 45 * 60_000));
    expect(within(region('Delivery Timeline')).getByText(`Estimated ${expected}`)).toBeInTheDocument();
    expect(within(region('Payment Method')).getByText('Paid')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Notifications Sent' })).not.toBeInTheDocument();
  });

  it('fetches when the state belongs to another order', async () => {
    setup({ state: { orderResult: makeOrder({ orderId: '11111111-1111-4111-8111-111111111111' }) } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order Confirmed!' })).toBeInTheDocument();
    expect(net!.calls).toHaveLength(1);
  });

  it("shows 'Pay on Delivery' for cash", () => {
    setup({ state: { orderResult: ORDER, paymentResult: { method: 'cash', transactionId: null } } });
    expect(within(region('Payment Method')).getByText('Pay on Delivery')).toBeInTheDocument();
    expect(screen.queryByText('PayPal Payment Confirmed')).not.toBeInTheDocument();
  });

  it("says 'Unable to Load Order' when the order cannot be loaded", async () => {
    setup({ handler: () => ({ status: 404, body: errorBody('Order not found or unable to retrieve order details') }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Unable to Load Order' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Unable to load order details. Please contact support.');
  });

  it("says 'Unable to Load Order' for an id that is not a UUID, without calling the API", () => {
    setup({ route: '/order-confirmation/ord-1' });
    expect(screen.getByRole('heading', { level: 1, name: 'Unable to Load Order' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Unable to load order details. Please contact support.');
    expect(net!.calls).toHaveLength(0);
  });
});

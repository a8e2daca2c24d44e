import type React from 'react';
import { useNavigate, type InitialEntry } from 'react-router';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PayPalButtonsComponentProps, ReactPayPalScriptOptions } from '@paypal/react-paypal-js';
import { events, SESSION_STORAGE_KEYS, type CartItem, type User } from '@grocer/shared';
import { mockFetch, renderWithProviders, type FetchMock, type MockHandler, type MockRequest } from '@grocer/shared/testing';
import {
  corner,
  eggs,
  errorBody,
  feesFor,
  freshMart,
  holdOf,
  line,
  makePricing,
  makeShopper,
  makeUser,
  milk,
  windowsFor,
} from '../../testing/fixtures.ts';
import { LocationDisplay } from '../../testing/LocationDisplay.tsx';
import CheckoutPage, { CheckoutSteps } from './CheckoutPage.tsx';
import type { PaymentEntryState } from './checkoutStep.ts';

// The PayPal SDK stands in as a plain button; tests drive its callbacks the way PayPal would.
const mockPayPal: { props: PayPalButtonsComponentProps | null; options: ReactPayPalScriptOptions | null; scriptRejected: boolean } = {
  props: null,
  options: null,
  scriptRejected: false,
};
jest.mock('@paypal/react-paypal-js', () => {
  const { createElement, Fragment } = jest.requireActual<typeof React>('react');
  return {
    PayPalScriptProvider: ({ children, options }: { children: React.ReactNode; options: ReactPayPalScriptOptions }) => {
      mockPayPal.options = options;
      return createElement(Fragment, null, children);
    },
    usePayPalScriptReducer: () => [
      { isInitial: false, isPending: false, isRejected: mockPayPal.scriptRejected, isResolved: !mockPayPal.scriptRejected, options: {} },
    ],
    PayPalButtons: (props: PayPalButtonsComponentProps) => {
      mockPayPal.props = props;
      return createElement('button', { type: 'button' }, 'PayPal');
    },
  };
});

const paypal = () => mockPayPal.props!;
const PLACED_POSTS = [
  '/payments/paypal/orders',
  '/orders/create',
  '/orders/paypal/complete',
  '/orders/tracking',
  '/notifications/admin',
  '/notifications/stores',
  '/notifications/order-created',
];

let net: FetchMock;
const requestsTo = (path: string): MockRequest[] => net.calls.filter((call) => call.url.pathname === path);
const posts = () =>
  net.calls.filter(
    (call) =>
      call.method === 'POST' &&
      !['/delivery-fees', '/pricing/calculate', '/delivery/windows', '/delivery/holds'].includes(call.url.pathname),
  );
const location = () => screen.getByTestId('location');

function profileOf(user: User) {
  const { firstName, lastName, address, hasValidAddress, hasInvalidAddress, emailVerified, canCheckout } = user;
  return { firstName, lastName, address, hasValidAddress, hasInvalidAddress, emailVerified, canCheckout };
}

const ok =
  (body: object = {}) =>
  () => ({ body: { success: true, message: 'ok', ...body } });

function mockApi(user: User, routes: Record<string, MockHandler> = {}) {
  net = mockFetch({
    'GET /user/profile': () => ({ body: profileOf(user) }),
    'GET /payments/paypal/config': () => ({ body: { clientId: 'sb-client', sdkBaseUrl: 'http://localhost:4000/dev/paypal/sdk' } }),
    'POST /delivery-fees': () => ({ body: feesFor({ [freshMart.uuid]: 2, [corner.uuid]: 1.2 }) }),
    'POST /pricing/calculate': () => ({ body: { pricing: makePricing() } }),
    'POST /delivery/windows': (request) => ({ body: windowsFor((request.body as { storeUuids: string[] }).storeUuids) }),
    'POST /delivery/holds': (request) => ({ body: holdOf(request.body as { storeUuid: string; startsAt: string }) }),
    'POST /payments/paypal/orders': () => ({ body: { paypalOrderId: 'PAYPAL-1', orderReference: 'ord-1', pricing: makePricing() } }),
    'POST /orders/create': ok({ orderId: 'ord-1', trackingNumber: 'TRK-1' }),
    'POST /orders/paypal/complete': ok(),
    'POST /orders/tracking': ok(),
    'POST /notifications/admin': ok(),
    'POST /notifications/stores': ok(),
    'POST /notifications/order-created': ok(),
    'GET /open/products/fresh-mart': () => ({ body: [milk] }),
    'GET /open/products/corner-shop': () => ({ body: [eggs] }),
    ...routes,
  });
}

function renderCheckout({
  user = makeShopper(),
  items = [line(milk, 2), line(eggs)],
  routes = {},
}: { user?: User; items?: CartItem[]; routes?: Record<string, MockHandler> } = {}) {
  mockApi(user, routes);
  return renderWithProviders(
    <>
      <CheckoutPage />
      <LocationDisplay />
    </>,
    { preloadedState: { session: { user }, cart: { items } }, route: '/checkout' },
  );
}

/**
 * Step 1 holds the earliest open window of each store by default, once the server answers the hold;
 * until then 'Continue to Payment' rightly stays on step 1 and asks for a delivery time.
 */
async function windowsHeld() {
  await waitFor(() => {
    const stores = screen.queryAllByRole('group', { name: /^(Fresh Mart|Corner Shop)$/ });
    expect(stores.length).toBeGreaterThan(0);
    expect(screen.queryAllByRole('radio', { checked: true })).toHaveLength(stores.length);
  });
}

/** Fills step 1 and waits for the PayPal button of step 2. */
async function goToPayment() {
  fireEvent.change(await screen.findByLabelText('Phone Number'), { target: { value: '(217) 555-0100' } });
  fireEvent.change(screen.getByLabelText('Delivery Instructions (optional)'), { target: { value: 'Ring twice' } });
  await windowsHeld();
  fireEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));
  expect(await screen.findByRole('button', { name: 'PayPal' })).toBeInTheDocument();
}

async function approve(orderID = 'PAYPAL-1') {
  let created: string | undefined;
  await act(async () => {
    created = await paypal().createOrder!({ paymentSource: 'paypal' }, {} as never);
  });
  expect(created).toBe('PAYPAL-1');
  await act(async () => {
    await paypal().onApprove!({ orderID, payerID: 'PAYER-1' }, {} as never);
  });
}

beforeEach(() => {
  mockPayPal.props = null;
  mockPayPal.options = null;
  window.sessionStorage.clear();
});
afterEach(() => net?.restore());

describe('CheckoutPage: loading and redirects', () => {
  it("shows 'Loading...' while the profile is refreshed, then the checkout", async () => {
    let release!: () => void;
    const shopper = makeShopper();
    renderCheckout({
      user: shopper,
      routes: { 'GET /user/profile': () => new Promise((resolve) => (release = () => resolve({ body: profileOf(shopper) }))) },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument();
    expect(screen.getByText('Loading...')).toHaveAttribute('role', 'status');
    await waitFor(() => expect(release).toBeDefined());
    act(() => release());
    expect(await screen.findByRole('heading', { name: 'Delivery Info' })).toBeInTheDocument();
  });

  it('sends an empty cart to /cart', async () => {
    renderCheckout({ items: [] });
    expect(screen.getByText('Redirecting...')).toBeInTheDocument();
    await waitFor(() => expect(location()).toHaveTextContent('/cart'));
  });

  it('stays when the cart is empty because an order was just placed, and forgets that when it leaves', () => {
    window.sessionStorage.setItem(SESSION_STORAGE_KEYS.orderJustPlaced, 'ord-1');
    const { unmount } = renderCheckout({ items: [] });
    expect(screen.getByText('Redirecting...')).toBeInTheDocument();
    expect(location()).toHaveTextContent('/checkout');
    unmount();
    expect(window.sessionStorage.getItem(SESSION_STORAGE_KEYS.orderJustPlaced)).toBeNull();
  });

  it('decides on the refreshed profile, not the stored one', async () => {
    const stored = makeShopper({ emailVerified: false, canCheckout: false });
    renderCheckout({ user: stored, routes: { 'GET /user/profile': () => ({ body: profileOf(makeShopper()) }) } });
    expect(await screen.findByRole('heading', { name: 'Delivery Info' })).toBeInTheDocument();
    expect(requestsTo('/user/profile')[0]!.headers.get('authorization')).toBe(`Bearer ${stored.token}`);
  });
});

describe('CheckoutPage: the guard, in the spec order', () => {
  const buttons = () => screen.getAllByRole('button').map((button) => button.textContent);

  it('1. no complete address (whatever else is wrong)', async () => {
    const { user } = { user: makeUser({ address: null, hasInvalidAddress: true, emailVerified: false }) };
    renderCheckout({ user });
    expect(await screen.findByRole('heading', { name: 'Delivery Address Required' })).toBeInTheDocument();
    expect(buttons()).toEqual(['Add Delivery Address', 'Back to Cart']);
    fireEvent.click(screen.getByRole('button', { name: 'Add Delivery Address' }));
    expect(location()).toHaveTextContent('/account');
  });

  it('2. address flagged invalid', async () => {
    renderCheckout({ user: makeShopper({ hasInvalidAddress: true, hasValidAddress: false, canCheckout: false, emailVerified: false }) });
    expect(await screen.findByRole('heading', { name: 'Address Validation Required' })).toBeInTheDocument();
    expect(screen.getByText('We could not validate your delivery address. Please update it in your account settings.')).toBeInTheDocument();
    expect(screen.getByText('Add your apartment or unit number')).toBeInTheDocument();
    expect(buttons()).toEqual(['Update Address', 'Back to Cart']);
    fireEvent.click(screen.getByRole('button', { name: 'Back to Cart' }));
    expect(location()).toHaveTextContent('/cart');
  });

  it('3. unverified email, with the resend button and the help fold-out', async () => {
    const user = makeShopper({ emailVerified: false, canCheckout: false });
    let release!: () => void;
    renderCheckout({
      user,
      routes: {
        'POST /auth/email-verification/resend': () =>
          new Promise((resolve) => (release = () => resolve({ body: { success: true, message: 'sent' } }))),
      },
    });
    expect(await screen.findByRole('heading', { name: 'Email Verification Required' })).toBeInTheDocument();
    expect(screen.getAllByText(user.email, { exact: false }).length).toBeGreaterThan(0);
    expect(screen.getByText('Click the verification link in the email')).toBeInTheDocument();
    expect(screen.getByText("Didn't receive the email?")).toBeInTheDocument();
    expect(screen.getByText('Check your spam or junk folder')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Resend Verification Email' }));
    expect(await screen.findByRole('button', { name: 'Sending Verification Email...' })).toBeDisabled();
    expect(requestsTo('/auth/email-verification/resend')[0]!.url.searchParams.get('email')).toBe(user.email);
    act(() => release());
    expect(await screen.findByText('Email sent!')).toBeInTheDocument();
  });

  it('3. a failed resend is only logged', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    renderCheckout({
      user: makeShopper({ emailVerified: false, canCheckout: false }),
      routes: { 'POST /auth/email-verification/resend': () => ({ status: 500, body: errorBody('boom') }) },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Resend Verification Email' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to resend verification email. Please try again.', expect.anything()));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    error.mockRestore();
  });

  it('4. allowed with a valid address: the checkout', async () => {
    renderCheckout();
    expect(await screen.findByRole('heading', { name: 'Delivery Info' })).toBeInTheDocument();
  });

  it('5. otherwise unable to proceed', async () => {
    renderCheckout({ user: makeShopper({ canCheckout: false }) });
    expect(await screen.findByRole('heading', { name: 'Unable to Proceed to Checkout' })).toBeInTheDocument();
    expect(screen.getByText('Browse stores and products')).toBeInTheDocument();
    expect(buttons()).toEqual(['Check Account Settings', 'Back to Cart']);
  });
});

describe('CheckoutPage: step 1 Delivery Info', () => {
  it('shows the account fields read-only, with Not specified for no apartment and an Edit Address link', async () => {
    renderCheckout();
    const progress = await screen.findByRole('list', { name: 'Checkout progress' });
    expect(
      within(progress)
        .getAllByRole('listitem')
        .map((step) => step.textContent),
    ).toEqual(['1Delivery Info', '2Payment']);
    expect(within(progress).getByText('Delivery Info').closest('li')).toHaveAttribute('aria-current', 'step');

    const expected: Record<string, string> = {
      'First Name': 'Ada',
      'Last Name': 'Lovelace',
      Email: 'ada@example.com',
      'Street Address': '1 Main St',
      Apartment: 'Not specified',
      City: 'Springfield',
      State: 'IL',
      'ZIP Code': '62701',
    };
    for (const [label, value] of Object.entries(expected)) {
      expect(screen.getByLabelText(label)).toHaveValue(value);
      expect(screen.getByLabelText(label)).toHaveAttribute('readonly');
    }
    expect(screen.getByRole('link', { name: 'Edit Address' })).toHaveAttribute('href', '/account');
    expect(screen.getByLabelText('Delivery Instructions (optional)')).toHaveAttribute('rows', '3');
  });

  it('requires a phone number, clears its error on edit, and moves on when valid', async () => {
    renderCheckout();
    fireEvent.click(await screen.findByRole('button', { name: 'Continue to Payment' }));
    const phone = screen.getByLabelText('Phone Number');
    expect(screen.getByText('Phone number is required')).toBeInTheDocument();
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveFocus();

    fireEvent.change(phone, { target: { value: 'abc' } });
    expect(screen.queryByText('Phone number is required')).not.toBeInTheDocument();
    expect(phone).not.toHaveAttribute('aria-invalid');

    // Not a US number: a clear message, and the shopper stays on step 1.
    act(() => screen.getByRole('button', { name: 'Continue to Payment' }).focus());
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(screen.getByText('Please enter a 10-digit US phone number, e.g. (312) 555-0142')).toBeInTheDocument();
    expect(phone).toHaveFocus();

    fireEvent.change(phone, { target: { value: '217.555.0100' } });
    await windowsHeld();
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByRole('heading', { name: 'Payment' })).toBeInTheDocument();
    // The pressed button left with step 1: focus goes to the new step, not to the top of the page.
    expect(screen.getByRole('heading', { name: 'Payment' })).toHaveFocus();
    const progress = screen.getByRole('list', { name: 'Checkout progress' });
    expect(within(progress).getByText('Payment').closest('li')).toHaveAttribute('aria-current', 'step');
  });

  it('asks to fix the address in the account when an address field is empty', () => {
    mockApi(makeShopper());
    const user = makeShopper({ address: { streetName: '', apartmentName: '', city: '', state: 'IL', zip: '' } });
    renderWithProviders(<CheckoutSteps />, {
      preloadedState: { session: { user }, cart: { items: [line(milk)] } },
    });
    fireEvent.change(screen.getByLabelText('Phone Number'), { target: { value: '555' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(screen.getAllByText('Please update your address in Account settings first')).toHaveLength(3);
    expect(screen.getByLabelText('Street Address')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('State')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('heading', { name: 'Payment' })).not.toBeInTheDocument();
  });

  it('says in step 1 what payment would refuse, with its fix, and offers no payment until it is fixed', async () => {
    const belowMinimum = (request: MockRequest) => {
      const milks = (request.body as { items: { productId: string; quantity: number }[] }).items.find((i) => i.productId === milk.uuid);
      return (milks?.quantity ?? 0) < 3
        ? [
            {
              code: 'BELOW_MINIMUM_ORDER',
              storeId: freshMart.uuid,
              storeName: freshMart.name,
              shortBy: 3.49,
              message: 'Add $3.49 more from Fresh Mart to check out.',
            },
          ]
        : [];
    };
    const { store } = renderCheckout({
      routes: { 'POST /pricing/calculate': (request) => ({ body: { pricing: makePricing(), problems: belowMinimum(request) } }) },
    });
    const before = await screen.findByRole('region', { name: 'Before payment' });
    expect(within(before).getByRole('link', { name: 'Add $3.49 more from Fresh Mart' })).toHaveAttribute('href', '/store/fresh-mart');
    fireEvent.change(screen.getByLabelText('Phone Number'), { target: { value: '(217) 555-0100' } });
    await windowsHeld();
    const next = screen.getByRole('button', { name: 'Continue to Payment' });
    expect(next).toBeDisabled();
    expect(next).toHaveAccessibleDescription('Checkout opens once this is fixed: Add $3.49 more from Fresh Mart to check out.');
    // Said under the button, not a second time in the box above.
    expect(next.nextElementSibling).toHaveTextContent('Checkout opens once this is fixed: Add $3.49 more from Fresh Mart to check out.');
    expect(within(before).queryByText(/^Checkout opens once/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'PayPal' })).not.toBeInTheDocument();

    // The shopper adds a milk (another tab, or back in the cart): the wall is gone and payment opens.
    act(() => {
      store.dispatch({ type: 'cart/quantityChanged', payload: { uuid: milk.uuid, quantity: 3 } });
    });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Before payment' })).not.toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByRole('button', { name: 'PayPal' })).toBeInTheDocument();
    expect(requestsTo('/payments/paypal/orders')).toHaveLength(0);
  });

  it('takes the PayPal button away on step 2 while the cart is one payment would refuse', async () => {
    const { store } = renderCheckout({
      routes: {
        'POST /pricing/calculate': (request) => {
          const milks = (request.body as { items: { productId: string; quantity: number }[] }).items.find((i) => i.productId === milk.uuid);
          const problems =
            (milks?.quantity ?? 0) < 2
              ? [
                  {
                    code: 'BELOW_MINIMUM_ORDER',
                    storeId: freshMart.uuid,
                    storeName: freshMart.name,
                    shortBy: 3.49,
                    message: 'Add $3.49 more from Fresh Mart to check out.',
                  },
                ]
              : [];
          return { body: { pricing: makePricing(), problems } };
        },
      },
    });
    await goToPayment();
    // Another tab takes a milk out: the part falls under its minimum.
    act(() => {
      store.dispatch({ type: 'cart/quantityChanged', payload: { uuid: milk.uuid, quantity: 1 } });
    });
    expect(await screen.findByText('Checkout opens once this is fixed: Add $3.49 more from Fresh Mart to check out.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'PayPal' })).not.toBeInTheDocument();
    act(() => {
      store.dispatch({ type: 'cart/quantityChanged', payload: { uuid: milk.uuid, quantity: 2 } });
    });
    expect(await screen.findByRole('button', { name: 'PayPal' })).toBeInTheDocument();
    expect(requestsTo('/payments/paypal/orders')).toHaveLength(0);
  });

  it('Back returns to step 1 with its values, focus on its heading', async () => {
    renderCheckout();
    // Opening the checkout leaves focus to the shell (the main content), not on the step.
    expect(await screen.findByRole('heading', { name: 'Delivery Info' })).not.toHaveFocus();
    await goToPayment();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { name: 'Delivery Info' })).toHaveFocus();
    expect(screen.getByLabelText('Phone Number')).toHaveValue('(217) 555-0100');
    expect(screen.queryByText('Phone number is required')).not.toBeInTheDocument();
  });

  it('shows the order summary grouped by store with per-store fees, the pricing and Back to Cart', async () => {
    renderCheckout();
    const summary = await screen.findByRole('complementary', { name: 'Order Summary' });
    const fresh = within(summary).getByRole('region', { name: 'Fresh Mart' });
    expect(within(fresh).getByRole('link', { name: 'Whole Milk' })).toHaveAttribute('href', '/store/fresh-mart/product/p-milk');
    expect(within(fresh).getByText('$0.03/fl oz')).toBeInTheDocument();
    expect(fresh.querySelector('img')).toHaveAttribute('src', 'http://localhost:4000/images/products/p-milk.jpg');
    expect(within(fresh).getByText('$6.98')).toBeInTheDocument();
    expect(await within(fresh).findByText('$15.00')).toBeInTheDocument();
    expect(within(summary).getByRole('region', { name: 'Corner Shop' })).toHaveTextContent('Free-range Eggs');
    expect(await within(summary).findByText('$32.82')).toBeInTheDocument();
    expect(within(summary).getByRole('link', { name: 'Back to Cart' })).toHaveAttribute('href', '/cart');
  });
});

describe('CheckoutPage: the step is kept in the URL', () => {
  /** The browser's own Back and Forward buttons. */
  function BrowserButtons() {
    const navigate = useNavigate();
    return (
      <>
        <button type="button" onClick={() => void navigate(-1)}>
          browser back
        </button>
        <button type="button" onClick={() => void navigate(1)}>
          browser forward
        </button>
      </>
    );
  }

  function renderAt(route: InitialEntry, user = makeShopper()) {
    mockApi(user);
    return renderWithProviders(
      <>
        <CheckoutPage />
        <LocationDisplay />
        <BrowserButtons />
      </>,
      { preloadedState: { session: { user }, cart: { items: [line(milk, 2), line(eggs)] } }, route },
    );
  }

  it('Continue puts Payment in the URL; the browser goes Back to Delivery Info and Forward to Payment', async () => {
    renderAt('/checkout');
    await goToPayment();
    expect(location()).toHaveTextContent('/checkout?step=payment');
    fireEvent.click(screen.getByRole('button', { name: 'browser back' }));
    expect(await screen.findByRole('heading', { name: 'Delivery Info' })).toHaveFocus();
    expect(location()).toHaveTextContent(/^\/checkout$/);
    expect(screen.getByLabelText('Phone Number')).toHaveValue('(217) 555-0100');
    fireEvent.click(screen.getByRole('button', { name: 'browser forward' }));
    expect(await screen.findByRole('heading', { name: 'Payment' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'PayPal' })).toBeInTheDocument();
  });

  it("Payment's Back button is the browser's Back: one entry, not a new one", async () => {
    renderAt('/checkout');
    await goToPayment();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Delivery Info' })).toHaveFocus();
    expect(location()).toHaveTextContent(/^\/checkout$/);
    // Forward still holds Payment: Back did not push a step 1 over it.
    fireEvent.click(screen.getByRole('button', { name: 'browser forward' }));
    expect(await screen.findByRole('heading', { name: 'Payment' })).toBeInTheDocument();
  });

  it('a reload on Payment stays on Payment with the same holds, and pays with the phone of step 1', async () => {
    const state: PaymentEntryState = { contact: { phone: '(217) 555-0100', deliveryInstructions: 'Ring twice' }, fromDelivery: true };
    renderAt({ pathname: '/checkout', search: '?step=payment', state });
    expect(await screen.findByRole('heading', { name: 'Payment' })).not.toHaveFocus();
    expect(await screen.findByRole('button', { name: 'PayPal' })).toBeInTheDocument();
    expect(location()).toHaveTextContent('/checkout?step=payment');
    // Nothing is held anew: the server keeps the shopper's holds.
    expect(requestsTo('/delivery/holds')).toHaveLength(0);
    await approve();
    await waitFor(() => expect(location()).toHaveTextContent('/order-details/ord-1'));
    const created = requestsTo('/orders/create')[0]!.body as { deliveryInfo: { phone: string; deliveryInstructions: string } };
    expect(created.deliveryInfo).toMatchObject({ phone: '(217) 555-0100', deliveryInstructions: 'Ring twice' });
  });

  it('pays with the contact as last typed: Back, a new phone, Forward', async () => {
    renderAt('/checkout');
    await goToPayment();
    fireEvent.click(screen.getByRole('button', { name: 'browser back' }));
    fireEvent.change(await screen.findByLabelText('Phone Number'), { target: { value: '(312) 555-0142' } });
    fireEvent.click(screen.getByRole('button', { name: 'browser forward' }));
    expect(await screen.findByRole('heading', { name: 'Payment' })).toBeInTheDocument();
    await screen.findByRole('button', { name: 'PayPal' });
    await approve();
    await waitFor(() => expect(location()).toHaveTextContent('/order-details/ord-1'));
    const created = requestsTo('/orders/create')[0]!.body as { deliveryInfo: { phone: string } };
    expect(created.deliveryInfo.phone).toBe('(312) 555-0142');
  });

  it('Forward to Payment after the phone was cleared goes back to Delivery Info', async () => {
    renderAt('/checkout');
    await goToPayment();
    fireEvent.click(screen.getByRole('button', { name: 'browser back' }));
    fireEvent.change(await screen.findByLabelText('Phone Number'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'browser forward' }));
    await waitFor(() => expect(location()).toHaveTextContent(/^\/checkout$/));
    expect(screen.getByRole('heading', { name: 'Delivery Info' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'PayPal' })).not.toBeInTheDocument();
  });

  it('a Payment URL without step 1 (typed, or a new tab) shows Delivery Info, and the URL says so', async () => {
    renderAt('/checkout?step=payment');
    expect(await screen.findByRole('heading', { name: 'Delivery Info' })).toBeInTheDocument();
    await waitFor(() => expect(location()).toHaveTextContent(/^\/checkout$/));
    expect(screen.queryByRole('button', { name: 'PayPal' })).not.toBeInTheDocument();
  });
});

describe('CheckoutPage: step 2 Payment', () => {
  it('loads PayPal with the API config: USD, capture, no pay later, the SDK base URL', async () => {
    renderCheckout();
    await goToPayment();
    expect(mockPayPal.options).toEqual({
      clientId: 'sb-client',
      currency: 'USD',
      intent: 'capture',
      disableFunding: 'paylater',
      sdkBaseUrl: 'http://localhost:4000/dev/paypal/sdk',
    });
    expect(screen.getByRole('group', { name: 'Pay with PayPal' })).toContainElement(screen.getByRole('button', { name: 'PayPal' }));
  });

  it('says the PayPal payment failed when the PayPal script cannot load, and Back still works', async () => {
    mockPayPal.scriptRejected = true;
    try {
      renderCheckout();
      await goToPayment();
      expect(screen.getByRole('alert')).toHaveTextContent(/^PayPal payment failed. Please try again.$/);
      fireEvent.click(screen.getByRole('button', { name: 'Back' }));
      expect(screen.getByRole('heading', { level: 2, name: 'Delivery Info' })).toBeInTheDocument();
    } finally {
      mockPayPal.scriptRejected = false;
    }
  });

  it('places the order in the spec order and goes to the order details as a new order', async () => {
    const placed: string[] = [];
    const off = events.on('order:placed', ({ orderId }) => placed.push(orderId));
    const { store } = renderCheckout();
    await goToPayment();

    await act(async () => {
      await paypal().createOrder!({ paymentSource: 'paypal' }, {} as never);
    });
    expect(screen.getByText('Processing your order...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();
    await act(async () => {
      await paypal().onApprove!({ orderID: 'PAYPAL-1', payerID: 'PAYER-1' }, {} as never);
    });

    expect(posts().map((call) => call.url.pathname)).toEqual(PLACED_POSTS);
    const [paypalOrder] = requestsTo('/payments/paypal/orders');
    const [create] = requestsTo('/orders/create');
    expect(paypalOrder!.body).toEqual({
      items: [
        { productId: 'p-milk', quantity: 2 },
        { productId: 'p-eggs', quantity: 1 },
      ],
    });
    const key = paypalOrder!.headers.get('idempotency-key');
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(create!.headers.get('idempotency-key')).toBe(key);
    expect(create!.headers.get('authorization')).toMatch(/^Bearer /);
    expect(create!.body).toMatchObject({
      items: [
        { productId: 'p-milk', quantity: 2, price: 3.49, name: 'Whole Milk', storeId: freshMart.uuid },
        { productId: 'p-eggs', quantity: 1, price: 5.99, name: 'Free-range Eggs', storeId: corner.uuid },
      ],
      deliveryInfo: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.com',
        phone: '(217) 555-0100',
        address: '1 Main St',
        apartment: '',
        city: 'Springfield',
        state: 'IL',
        zipCode: '62701',
        deliveryInstructions: 'Ring twice',
      },
      paymentMethod: 'paypal',
      pricing: makePricing(),
      user: { id: 'user-1', email: 'ada@example.com', name: 'Ada Lovelace' },
      paypalOrderDetails: { id: 'PAYPAL-1', status: 'APPROVED' },
    });
    expect(requestsTo('/orders/paypal/complete')[0]!.body).toMatchObject({
      orderId: 'ord-1',
      paymentDetails: { id: 'PAYPAL-1', status: 'APPROVED' },
    });
    expect(requestsTo('/orders/tracking')[0]!.body).toMatchObject({ orderId: 'ord-1', status: 'confirmed', notes: expect.any(String) });
    expect(requestsTo('/notifications/admin')[0]!.body).toMatchObject({
      type: 'new_order',
      orderId: 'ord-1',
      customerName: 'Ada Lovelace',
      totalAmount: 32.82,
      itemCount: 3,
      storeCount: 2,
    });
    expect(requestsTo('/notifications/stores')[0]!.body).toMatchObject({
      orderId: 'ord-1',
      storeOrderData: [
        {
          storeId: freshMart.uuid,
          storeName: 'Fresh Mart',
          items: [{ productId: 'p-milk', name: 'Whole Milk', quantity: 2, price: 3.49 }],
        },
        { storeId: corner.uuid, storeName: 'Corner Shop', items: [{ productId: 'p-eggs', quantity: 1 }] },
      ],
    });
    expect(requestsTo('/notifications/order-created')[0]!.body).toEqual({
      orderId: 'ord-1',
      orderData: { customerName: 'Ada Lovelace', totalAmount: 32.82, itemCount: 3, storeCount: 2, storeIds: [freshMart.uuid, corner.uuid] },
    });

    expect(store.getState().cart.items).toEqual([]);
    expect(placed).toEqual(['ord-1']);
    expect(window.sessionStorage.getItem(SESSION_STORAGE_KEYS.orderJustPlaced)).toBe('ord-1');
    expect(location()).toHaveTextContent('/order-details/ord-1');
    expect(location()).toHaveAttribute('data-new-order', 'true');
    // The emptied cart does not bounce the page to /cart.
    expect(screen.getByText('Redirecting...')).toBeInTheDocument();
    off();
  });

  it("sends the server's price of the approved PayPal order, also when the cart's pricing failed", async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    const charged = makePricing({ deliveryFee: 3.2, total: 21.02 });
    renderCheckout({
      routes: {
        'POST /pricing/calculate': () => ({ status: 500, body: errorBody('pricing down') }),
        'POST /payments/paypal/orders': () => ({ body: { paypalOrderId: 'PAYPAL-1', orderReference: 'ord-1', pricing: charged } }),
      },
    });
    await goToPayment();
    await approve();
    expect(requestsTo('/orders/create')[0]!.body).toMatchObject({ pricing: charged });
    expect(requestsTo('/notifications/admin')[0]!.body).toMatchObject({ totalAmount: 21.02 });
    expect(requestsTo('/notifications/order-created')[0]!.body).toMatchObject({ orderData: { totalAmount: 21.02 } });
    expect(location()).toHaveTextContent('/order-details/ord-1');
    error.mockRestore();
  });

  it('only warns when completing the payment fails, logs failed notifications, and still places the order', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    renderCheckout({
      routes: {
        'POST /orders/paypal/complete': () => ({ status: 502, body: errorBody('PayPal is slow') }),
        'POST /orders/tracking': () => ({ status: 500, body: errorBody('no tracking') }),
        'POST /notifications/stores': () => ({ body: { success: false, message: 'stores offline' } }),
      },
    });
    await goToPayment();
    await approve();
    expect(posts().map((call) => call.url.pathname)).toEqual(PLACED_POSTS);
    expect(warn).toHaveBeenCalledWith('Failed to complete payment', 'PayPal is slow');
    expect(error).toHaveBeenCalledWith('Failed to create order tracking', 'no tracking');
    expect(error).toHaveBeenCalledWith('Failed to send store notifications', 'stores offline');
    expect(location()).toHaveTextContent('/order-details/ord-1');
    warn.mockRestore();
    error.mockRestore();
  });

  it.each([
    ['the message mentions a timeout', 'Database timeout', 'Please check your connection and try again.'],
    [
      'the message mentions payment',
      'Payment capture failed',
      'Payment was successful but order processing failed. Please contact support.',
    ],
    ['anything else', 'Something broke', 'Please try again or contact support if the problem persists.'],
  ])('shows the processing error when creating the order fails and %s', async (_case, message, suffix) => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    const { store } = renderCheckout({ routes: { 'POST /orders/create': () => ({ status: 500, body: errorBody(message) }) } });
    await goToPayment();
    await approve();
    expect(screen.getByRole('alert')).toHaveTextContent(`An error occurred while processing your order. ${suffix}`);
    expect(screen.queryByText('Processing your order...')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeEnabled();
    expect(posts().map((call) => call.url.pathname)).toEqual(PLACED_POSTS.slice(0, 2));
    expect(store.getState().cart.items).toHaveLength(2);
    expect(location()).toHaveTextContent('/checkout');
    error.mockRestore();
  });

  it('treats an order answer without success as a failure', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    renderCheckout({
      routes: {
        'POST /orders/create': () => ({ body: { success: false, message: 'Failed to create order', error: { code: 'X', message: 'x' } } }),
      },
    });
    await goToPayment();
    await approve();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'An error occurred while processing your order. Please try again or contact support if the problem persists.',
    );
    error.mockRestore();
  });

  it('names unavailable products (409) and takes them out of the cart; PayPal’s onError does not replace that text', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    const toasts: string[] = [];
    const off = events.on('toast:show', ({ message }) => toasts.push(message));
    const { store } = renderCheckout({
      routes: {
        'POST /payments/paypal/orders': () => {
          const body = errorBody(
            'Some items in your cart are not available: Free-range Eggs (out of stock).',
            'PRODUCTS_UNAVAILABLE',
            'items',
          );
          const products = [{ productId: 'p-eggs', name: 'Free-range Eggs', reason: 'OUT_OF_STOCK' }];
          return { status: 409, body: { ...body, error: { ...body.error, products } } };
        },
      },
    });
    await goToPayment();
    await act(async () => {
      await expect(paypal().createOrder!({ paymentSource: 'paypal' }, {} as never)).rejects.toThrow();
    });
    act(() => paypal().onError!({ message: 'createOrder failed' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'An error occurred while processing your order. These items are not available: Free-range Eggs (out of stock). Please try again or contact support if the problem persists.',
    );
    await waitFor(() => expect(store.getState().cart.items.map((item) => item.uuid)).toEqual(['p-milk']));
    expect(toasts).toEqual(['Removed 1 out of stock item(s) from cart: Free-range Eggs']);
    expect(requestsTo('/orders/create')).toHaveLength(0);
    off();
    error.mockRestore();
  });

  it('says the PayPal payment failed when the server reports a decline, and keeps the cart', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    const { store } = renderCheckout({
      routes: {
        'POST /orders/create': () => ({ status: 402, body: errorBody('PayPal payment failed. Please try again.', 'PAYMENT_FAILED') }),
      },
    });
    await goToPayment();
    await approve();
    expect(screen.getByRole('alert')).toHaveTextContent(/^PayPal payment failed. Please try again.$/);
    expect(screen.getByRole('button', { name: 'Back' })).toBeEnabled();
    expect(store.getState().cart.items).toHaveLength(2);
    error.mockRestore();
  });

  it("says 'PayPal payment failed. Please try again.' on a PayPal error", async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    renderCheckout();
    await goToPayment();
    await act(async () => {
      await paypal().createOrder!({ paymentSource: 'paypal' }, {} as never);
    });
    act(() => paypal().onError!({ message: 'popup closed unexpectedly' }));
    expect(screen.getByRole('alert')).toHaveTextContent('PayPal payment failed. Please try again.');
    expect(screen.queryByText('Processing your order...')).not.toBeInTheDocument();
    error.mockRestore();
  });

  it('a cancel clears the processing state and keeps the cart', async () => {
    const { store } = renderCheckout();
    await goToPayment();
    await act(async () => {
      await paypal().createOrder!({ paymentSource: 'paypal' }, {} as never);
    });
    expect(screen.getByText('Processing your order...')).toBeInTheDocument();
    act(() => paypal().onCancel!({}, {} as never));
    expect(screen.queryByText('Processing your order...')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeEnabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(store.getState().cart.items).toHaveLength(2);
    expect(requestsTo('/orders/create')).toHaveLength(0);
  });

  it('uses a new Idempotency-Key for each attempt', async () => {
    renderCheckout();
    await goToPayment();
    await act(async () => {
      await paypal().createOrder!({ paymentSource: 'paypal' }, {} as never);
    });
    act(() => paypal().onCancel!({}, {} as never));
    await act(async () => {
      await paypal().createOrder!({ paymentSource: 'paypal' }, {} as never);
    });
    const [first, second] = requestsTo('/payments/paypal/orders').map((call) => call.headers.get('idempotency-key'));
    expect(first).not.toBe(second);
  });

  it('says the PayPal payment failed when the PayPal config cannot be read', async () => {
    renderCheckout({ routes: { 'GET /payments/paypal/config': () => ({ status: 500, body: errorBody('no') }) } });
    await goToPayment().catch(() => undefined);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^PayPal payment failed. Please try again.$/);
  });
});

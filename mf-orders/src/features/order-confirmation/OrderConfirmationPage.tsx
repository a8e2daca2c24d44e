// /order-confirmation/{orderId} (spec §2 Order confirmation): what checkout handed over in the
// location state, or else the order fetched by id. Shows the number, tracking, payment badge,
// delivery timeline, address, items, payment method, notifications, pricing, help and the email panel.
import { useId, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { Link, useLocation, useParams } from 'react-router';
import { paths, selectUser, useAppSelector, type Order, type OrderConfirmationLocationState, type PaymentResult } from '@grocer/shared';
import { Fact } from '../../components/Fact.tsx';
import { DeliveryAddress } from '../../components/DeliveryAddress.tsx';
import { HelpContacts } from '../../components/HelpContacts.tsx';
import { OrderItemsList } from '../../components/OrderItemsList.tsx';
import { ErrorPanel, LoadingPanel } from '../../components/PageMessage.tsx';
import { PricingSummary } from '../../components/PricingSummary.tsx';
import { addressOfDeliveryInfo, addressOfOrder } from '../../lib/deliveryAddress.ts';
import { DeliveryWindows, windowText } from '../../components/DeliveryWindows.tsx';
import { ORDER_ERRORS } from '../../lib/orderErrors.ts';
import { useOrdersGetQuery } from '../../lib/ordersApi.ts';
import { isOrderId, orderReference } from '../../lib/orderText.ts';
import { estimatedDelivery, readConfirmationState } from './confirmationState.ts';
import { DeliveryTimeline } from './DeliveryTimeline.tsx';
import '../../components/orders.css';
import './OrderConfirmationPage.css';
import { PageHead } from '@grocer/shared/head';

export const UNABLE_TO_LOAD_ORDER = 'Unable to Load Order';

function OrderConfirmationPageBody() {
  const { orderId } = useParams();
  const state = readConfirmationState(useLocation().state, orderId);
  const user = useAppSelector(selectUser);
  const fetchArg = !state.orderResult && user && isOrderId(orderId) ? { orderId, userUuid: user.uuid } : skipToken;
  const fetched = useOrdersGetQuery(fetchArg);
  const order = state.orderResult ?? fetched.data;

  if (order) return <Confirmation order={order} state={state} email={user?.email || state.deliveryInfo?.email || ''} />;
  if (fetchArg !== skipToken && !fetched.isError) {
    return (
      <div className="page orders-page order-confirmation-page">
        <h1>Order Confirmation</h1>
        <LoadingPanel label="Loading your order..." />
      </div>
    );
  }
  return (
    <div className="page orders-page order-confirmation-page">
      <h1>{UNABLE_TO_LOAD_ORDER}</h1>
      <ErrorPanel message={ORDER_ERRORS.loadFailed}>
        <ConfirmationLinks />
      </ErrorPanel>
      <HelpContacts />
    </div>
  );
}

/** The estimate is the booked window that ends last: by then every store part has arrived. */
function latestWindow(order: Order): string | undefined {
  const windows = order.deliveryWindows ?? [];
  if (windows.length === 0) return undefined;
  return windowText(windows.reduce((latest, w) => (w.endsAt > latest.endsAt ? w : latest)));
}

const PAYMENT_NAMES: Record<PaymentResult['method'], string> = { paypal: 'PayPal', card: 'Card', cash: 'Cash' };

function Confirmation({ order, state, email }: { order: Order; state: OrderConfirmationLocationState; email: string }) {
  // Read once: the estimate must not move on every re-render.
  const [now] = useState(() => Date.now());
  const estimatedAt = estimatedDelivery(state.trackingInfo, order.orderDate, now);
  // Grocer's checkout only takes PayPal (ADR 003): without a payment result the order was paid that way.
  const payment: PaymentResult = state.paymentResult ?? { method: 'paypal', transactionId: null };
  const address = (state.deliveryInfo && addressOfDeliveryInfo(state.deliveryInfo)) ?? addressOfOrder(order);
  const trackingNumber = state.trackingInfo?.trackingNumber;

  return (
    <div className="page orders-page order-confirmation-page">
      <header className="card order-card confirmation-hero">
        <span className="confirmation-check" aria-hidden="true">
          ✓
        </span>
        <h1>Order Confirmed!</h1>
        <p>Thank you for your order. We&apos;re getting it ready.</p>
        <dl className="confirmation-refs">
          <Fact term="Order Number">{orderReference(order)}</Fact>
          {trackingNumber && <Fact term="Tracking Number">{trackingNumber}</Fact>}
        </dl>
        {payment.method === 'paypal' && <p className="order-badge order-badge-success">PayPal Payment Confirmed</p>}
      </header>
      <DeliveryTimeline estimatedAt={estimatedAt} window={latestWindow(order)} />
      <div className="order-columns">
        <div className="order-column">
          <DeliveryWindows windows={order.deliveryWindows} />
          <DeliveryAddress address={address} />
          <OrderItemsList items={order.orderItems} />
          <PaymentMethod payment={payment} />
        </div>
        <div className="order-column">
          <PricingSummary order={order} />
          {state.notificationsSent && <NotificationsSent />}
          <HelpContacts />
          {email && <EmailSent email={email} />}
        </div>
      </div>
      <ConfirmationLinks />
    </div>
  );
}

function PaymentMethod({ payment }: { payment: PaymentResult }) {
  const headingId = useId();
  return (
    <section className="card order-card" aria-labelledby={headingId}>
      <h2 id={headingId}>Payment Method</h2>
      <dl className="order-facts">
        <Fact term="Method">{PAYMENT_NAMES[payment.method]}</Fact>
        <Fact term="Status">{payment.method === 'cash' ? 'Pay on Delivery' : 'Paid'}</Fact>
        {payment.method === 'paypal' && payment.transactionId && <Fact term="Transaction ID">{payment.transactionId}</Fact>}
      </dl>
    </section>
  );
}

function NotificationsSent() {
  const headingId = useId();
  return (
    <section className="card order-card" aria-labelledby={headingId}>
      <h2 id={headingId}>Notifications Sent</h2>
      <ul className="plain-list confirmation-checklist">
        <li>Stores notified</li>
        <li>Admin dashboard updated</li>
        <li>Tracking initialized</li>
      </ul>
    </section>
  );
}

function EmailSent({ email }: { email: string }) {
  const headingId = useId();
  return (
    <section className="card order-card confirmation-email" aria-labelledby={headingId}>
      <h2 id={headingId}>Confirmation Email Sent</h2>
      <p>
        We&apos;ve sent your order details to <strong>{email}</strong>.
      </p>
    </section>
  );
}

function ConfirmationLinks() {
  return (
    <nav className="order-links" aria-label="Order links">
      <Link className="btn btn-primary" to={paths.account()}>
        Go to My Account
      </Link>
      <Link className="btn btn-outline" to={paths.home()}>
        Continue Shopping
      </Link>
    </nav>
  );
}

/** The page with its own head (React hoists it into <head>) whichever state the body is in. */
export default function OrderConfirmationPage() {
  return (
    <>
      <PageHead title="Order confirmation" noindex />
      <OrderConfirmationPageBody />
    </>
  );
}

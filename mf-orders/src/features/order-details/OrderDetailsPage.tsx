// /order-details/{orderId} (spec §2 Order details): 'Successfully Placed' after checkout, else
// 'Order Details'; the information card, progress timeline, items, delivery address, summary and
// help. The order is told store by store: the badge is the status derived from the stores' parts,
// with how far they are in words ('1 of 2 stores delivered'), the timeline lights from what the
// stores did, and a card tells each store's badge, window and what happened to its lines. While the order can still change it follows the order's live stream (stores marking lines,
// refunds), is polled as a fallback, and is refetched when the tab regains focus, so what a store
// does shows up without a reload.
import { useId, type ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import {
  formatDollars,
  formatUsShortDate,
  ORDER_STATUSES,
  paths,
  selectUser,
  useAppSelector,
  type Order,
  type OrderStatus,
} from '@grocer/shared';
import { Fact } from '../../components/Fact.tsx';
import { DeliveryAddress } from '../../components/DeliveryAddress.tsx';
import { HelpContacts } from '../../components/HelpContacts.tsx';
import { OrderItemsList } from '../../components/OrderItemsList.tsx';
import { ReorderButton } from '../../components/ReorderButton.tsx';
import { ErrorPanel, LoadingPanel } from '../../components/PageMessage.tsx';
import { PricingSummary } from '../../components/PricingSummary.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { addressOfOrder } from '../../lib/deliveryAddress.ts';
import { DeliveryWindows } from '../../components/DeliveryWindows.tsx';
import { ORDER_ERRORS, orderLoadError } from '../../lib/orderErrors.ts';
import { isFinalStatus, orderStatusOf } from '../../lib/orderStatus.ts';
import { overallStatus, partsOf, partsSummary } from '../../lib/orderParts.ts';
import { StorePartsCard } from '../../components/StorePart.tsx';
import { ordersApi, useOrdersGetQuery, type OrderQueryArg } from '../../lib/ordersApi.ts';
import { isOrderId, itemCountLabel, orderReference } from '../../lib/orderText.ts';
import { isNewOrder } from './newOrder.ts';
import { OrderProgress } from './OrderProgress.tsx';
import { useOrderEvents } from './useOrderEvents.ts';
import '../../components/orders.css';
import './OrderDetailsPage.css';
import { PageHead } from '@grocer/shared/head';

/** How often an open details page asks for the order's status while it can still change. */
export const ORDER_POLL_MS = 15_000;

/** A new order reads 'Confirmed' until the stores move it past processing (spec §2). */
function shownStatus(order: Order, newOrder: boolean): OrderStatus {
  const status = overallStatus(order);
  return newOrder && ORDER_STATUSES.indexOf(status) <= ORDER_STATUSES.indexOf('PROCESSING') ? 'CONFIRMED' : status;
}

export default function OrderDetailsPage() {
  const { orderId } = useParams();
  const newOrder = isNewOrder(useLocation().state);
  const user = useAppSelector(selectUser);
  const heading = newOrder ? 'Successfully Placed' : 'Order Details';

  let body: ReactNode;
  if (!user) body = <ErrorPanel message={ORDER_ERRORS.signedOut} />;
  else if (!isOrderId(orderId))
    body = (
      <ErrorPanel message={ORDER_ERRORS.invalidId}>
        <OrderLinks />
      </ErrorPanel>
    );
  else body = <OrderDetails key={`${user.uuid}|${orderId}`} arg={{ orderId, userUuid: user.uuid }} newOrder={newOrder} />;

  return (
    <div className="page orders-page order-details-page">
      <PageHead title={isOrderId(orderId) ? `Order ${orderId}` : 'Order details'} noindex />
      <header>
        <h1>{heading}</h1>
        {newOrder && <p className="orders-subtitle">Thank you! Your order has been placed and paid.</p>}
      </header>
      {body}
    </div>
  );
}

function OrderDetails({ arg, newOrder }: { arg: OrderQueryArg; newOrder: boolean }) {
  // What is cached decides whether to keep polling: a delivered or cancelled order will not change.
  const cached = ordersApi.endpoints.ordersGet.useQueryState(arg);
  const final = cached.data ? isFinalStatus(overallStatus(cached.data)) : false;
  const {
    data: order,
    error,
    isLoading,
    refetch,
  } = useOrdersGetQuery(arg, {
    pollingInterval: final ? 0 : ORDER_POLL_MS,
    skipPollingIfUnfocused: true,
    refetchOnFocus: true,
    refetchOnMountOrArgChange: true,
  });
  useOrderEvents(arg.orderId, cached.data !== undefined && !final, () => void refetch());

  if (order) return <OrderView order={order} newOrder={newOrder} />;
  if (isLoading || !error) return <LoadingPanel label="Loading order details..." />;
  return (
    <ErrorPanel message={orderLoadError(error)}>
      <OrderLinks />
    </ErrorPanel>
  );
}

function OrderView({ order, newOrder }: { order: Order; newOrder: boolean }) {
  const infoId = useId();
  const status = shownStatus(order, newOrder);
  const parts = partsOf(order);
  const summary = partsSummary(order);
  return (
    <>
      <section className="card order-card" aria-labelledby={infoId}>
        <h2 id={infoId}>Order Information</h2>
        <dl className="order-facts">
          <div>
            <dt>Status</dt>
            <dd aria-live="polite">
              <StatusBadge status={status} />
              {summary && <span className="order-parts-summary">{summary}</span>}
            </dd>
          </div>
          <Fact term="Order Number">{orderReference(order)}</Fact>
          <Fact term="Payment">Payment Processed</Fact>
          <Fact term="Total">{formatDollars(order.totalAmount)}</Fact>
          <Fact term="Items">{itemCountLabel(order.orderItems)}</Fact>
          <Fact term="Order Date">{formatUsShortDate(order.orderDate)}</Fact>
        </dl>
      </section>
      <OrderProgress status={status} parts={parts.length > 0 ? parts.map((p) => orderStatusOf(p.status)) : undefined} />
      <div className="order-columns">
        <div className="order-column">
          <OrderItemsList items={order.orderItems} />
          {/* Each store's badge, window and lines' fate; the windows are there once the order has parts. */}
          <StorePartsCard order={order} />
          {parts.length === 0 && <DeliveryWindows windows={order.deliveryWindows} />}
          <DeliveryAddress address={addressOfOrder(order)} />
        </div>
        <div className="order-column">
          <PricingSummary order={order} />
          <HelpContacts />
        </div>
      </div>
      <OrderLinks orderId={order.orderId} />
    </>
  );
}

/** With an order on screen, 'Reorder' leads; without one (an error) only the ways out show. */
function OrderLinks({ orderId }: { orderId?: string }) {
  return (
    <nav className="order-links" aria-label="Order links">
      {orderId && <ReorderButton orderId={orderId} />}
      <Link className="btn btn-primary" to={paths.orderHistory()}>
        View Order History
      </Link>
      <Link className="btn btn-outline" to={paths.home()}>
        Continue Shopping
      </Link>
    </nav>
  );
}

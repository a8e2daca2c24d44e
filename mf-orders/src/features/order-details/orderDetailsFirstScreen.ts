// The order's first screen (contracts/firstScreen.ts): OrderDetailsPage as it renders a stored order
// on a cold load, drawn by the shell's entry from the order's answer before any React code has loaded,
// in the page's own markup and classes, so the page replaces it without a move
// (orderDetailsFirstScreen.test.tsx renders both and compares). The heading, the order's facts, its
// progress and its lines: the first screen on a phone; the other cards follow below them, and on a
// wide screen beside them. Built as a stand-alone module loaded before the shared libraries: leaf
// imports only, no React, no store, no RTK Query (the test checks its import graph).
import { apiPaths, type FirstScreenModule, type Order, type OrderItem } from '@grocer/shared/contracts';
import { asPicture, elementMaker, type Child, type ElementMaker } from '@grocer/shared/first-screen';
import { formatDollars, formatUsShortDate } from '@grocer/shared/format';
import { orderStatusOf, statusLabel, statusTone } from '../../lib/orderStatus.ts';
import { overallStatus, partsOf, partsSummary } from '../../lib/orderParts.ts';
import {
  fulfilmentText,
  isOrderId,
  itemCountLabel,
  itemNameOf,
  lineTotalOf,
  ORDER_LINE_IMAGE_SIZE,
  orderReference,
  productPathOf,
  storeNameOf,
  substitutionText,
} from '../../lib/orderText.ts';
import { isNewOrder } from './newOrder.ts';
import { orderProgress } from './orderProgress.ts';

type Url = (pathOrUrl: string) => string;

/** An answer the page can show, as far as the first screen reads it; anything else is the page's to say. */
const isOrder = (body: unknown): body is Order => {
  const order = body as Partial<Order> | null;
  return (
    typeof order?.orderId === 'string' &&
    typeof order.orderDate === 'string' &&
    typeof order.totalAmount === 'number' &&
    (order.storeParts == null || (Array.isArray(order.storeParts) && order.storeParts.every((part) => typeof part?.status === 'string'))) &&
    Array.isArray(order.orderItems) &&
    order.orderItems.every(
      (item) => typeof item?.productName === 'string' && Number.isInteger(item.quantity) && typeof item.unitPrice === 'number',
    )
  );
};

const orderDetailsFirstScreen = {
  // The page asks for nothing with an id that is no order's: it says so at once.
  reads: ({ orderId }) => (isOrderId(orderId) ? { paths: [apiPaths.order(orderId)], session: true } : null),
  draw: ([body], doc, url) => {
    // React Router keeps the location's state under `usr`. An order just placed has another heading and status: the page draws it.
    const state = (doc.defaultView?.history.state as { usr?: unknown } | null)?.usr;
    return isNewOrder(state) || !isOrder(body) ? null : drawOrder(body, elementMaker(doc), url);
  },
} satisfies FirstScreenModule;

export default orderDetailsFirstScreen;

function drawOrder(order: Order, element: ElementMaker, url: Url): HTMLElement {
  const status = overallStatus(order);
  const parts = partsOf(order);
  const summary = partsSummary(order);
  const fact = (term: string, ...value: Child[]) => element('div', null, element('dt', null, term), element('dd', null, ...value));
  const card = (heading: string, ...children: Child[]) =>
    element('section', { class: 'card order-card' }, element('h2', null, heading), ...children);
  const steps = orderProgress(status, parts.length > 0 ? parts.map((part) => orderStatusOf(part.status)) : undefined);
  const current = steps.findLastIndex((step) => step.lit);
  return asPicture(
    element(
      'div',
      { class: 'page orders-page order-details-page' },
      element('header', null, element('h1', null, 'Order Details')),
      card(
        'Order Information',
        element(
          'dl',
          { class: 'order-facts' },
          fact(
            'Status',
            // StatusBadge
            element('span', { class: `order-badge order-badge-${statusTone(status)}`, 'data-status': status }, statusLabel(status)),
            ...(summary ? [element('span', { class: 'order-parts-summary' }, summary)] : []),
          ),
          fact('Order Number', orderReference(order)),
          fact('Payment', 'Payment Processed'),
          fact('Total', formatDollars(order.totalAmount)),
          fact('Items', itemCountLabel(order.orderItems)),
          fact('Order Date', formatUsShortDate(order.orderDate)),
        ),
      ),
      // OrderProgress
      card(
        'Order Progress',
        element(
          'ol',
          { class: 'order-steps' },
          ...steps.map((step, index) =>
            element(
              'li',
              { class: `order-progress-step${step.lit ? ' is-lit' : ''}`, ...(index === current ? { 'aria-current': 'step' } : {}) },
              element('span', { class: 'order-step-marker', 'aria-hidden': 'true' }, step.lit ? '✓' : String(index + 1)),
              element(
                'span',
                { class: 'order-progress-text' },
                element('span', { class: 'order-progress-title' }, step.title),
                element('span', { class: 'visually-hidden' }, step.lit ? ' (reached)' : ' (not reached yet)'),
                ...(step.note ? [element('span', { class: 'order-progress-note' }, step.note)] : []),
                ...(step.stores ? [element('span', { class: 'order-progress-stores' }, step.stores)] : []),
              ),
            ),
          ),
        ),
      ),
      element(
        'div',
        { class: 'order-columns' },
        element(
          'div',
          { class: 'order-column' },
          // OrderItemsList
          card('Order Items', element('ul', { class: 'order-items' }, ...order.orderItems.map((item) => orderLine(element, url, item)))),
        ),
      ),
    ),
  );
}

/** OrderItemsList's line: its product, store, prices, the shopper's choice and what the store did with it. */
function orderLine(element: ElementMaker, url: Url, item: OrderItem): HTMLElement {
  const fulfilment = fulfilmentText(item);
  return element(
    'li',
    { class: 'order-item' },
    element(
      'div',
      null,
      element('p', { class: 'order-item-name' }, orderItemProduct(element, url, item)),
      element(
        'p',
        { class: 'order-item-meta' },
        `${storeNameOf(item)} · ${formatDollars(item.unitPrice)} × ${item.quantity}${item.unitPriceLabel ? ` · ${item.unitPriceLabel}` : ''}`,
      ),
      element('p', { class: 'order-item-meta order-item-substitution' }, substitutionText(item)),
      ...(fulfilment
        ? [element('p', { class: `order-item-fulfilment order-item-${item.fulfilment?.state.toLowerCase()}` }, fulfilment)]
        : []),
    ),
    element('span', { class: 'order-item-price' }, formatDollars(lineTotalOf(item))),
  );
}

/** OrderItemProduct: the picture and the name with its size, both linking to the product page when the line names one. */
function orderItemProduct(element: ElementMaker, url: Url, item: OrderItem): HTMLElement {
  const href = productPathOf(item);
  const name = itemNameOf(item);
  const size = String(ORDER_LINE_IMAGE_SIZE);
  // shared Picture, lazy.
  const picture = item.image
    ? element('img', { src: url(item.image), alt: '', width: size, height: size, loading: 'lazy', decoding: 'async' })
    : null;
  return element(
    'span',
    { class: 'order-item-product' },
    ...(picture
      ? [
          href
            ? element('a', { class: 'order-item-image', href, 'aria-hidden': 'true' }, picture)
            : element('span', { class: 'order-item-image' }, picture),
        ]
      : []),
    element('span', null, `${item.quantity}x `, href ? element('a', { href }, name) : name),
  );
}

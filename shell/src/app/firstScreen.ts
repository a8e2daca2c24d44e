// What a page the browser draws shows first, drawn from the browser's storage or its first answer
// before its code has loaded (paintFirstScreen.ts paints it): the top of the page with the same
// markup and classes as the page's own, laid out by the remote's own stylesheet for that page
// (remoteStyles.ts), so nothing moves when the page replaces it. Pure: DOM nodes from answers,
// nothing fetched or painted.
import type { Order, OrderItem, OrderStatus, StoreRulesJson } from '@grocer/shared/contracts';
import { apiPaths, DEFAULT_ORDER_STATUS, ORDER_STATUSES, routePatterns, UNKNOWN_STORE_NAME } from '@grocer/shared/contracts';
import type { FirstDataPattern } from './firstData.ts';
import { CART_STORAGE_KEY, readStored, USER_STORAGE_KEY } from './storedState.ts';

/** What a page shows first, built with DOM nodes, never markup from the answer; null when it shows nothing (an unknown order, an error). */
export type FirstScreen = Node;

type Url = (pathOrUrl: string) => string;

export interface ScreenSpec {
  draw: (bodies: unknown[], doc: Document, url: Url) => FirstScreen | null;
  /** API paths read besides firstData.ts's, when only the browser's storage says they are needed; their answers follow `paint`'s. */
  reads?: () => string[];
}

/** Each page of firstData.ts's FIRST_READS (its type asks for every one), drawn from its `paint` answers in that order. */
export const FIRST_SCREENS: Record<FirstDataPattern, ScreenSpec> = {
  [routePatterns.cart]: {
    // Lines below a store's minimum say so under them, from the stores' rules (the cart's notes read them too).
    reads: () => (hasLines(readStored(CART_STORAGE_KEY)) ? [apiPaths.storeRules] : []),
    draw: ([rules], doc, url) => cartFirstScreen(readStored(CART_STORAGE_KEY), readStored(USER_STORAGE_KEY) !== null, rules, doc, url),
  },
  [routePatterns.orderDetails]: { draw: ([body], doc, url) => orderDetailsFirstScreen(body, doc, url) },
};

const hasLines = (items: unknown): items is unknown[] => Array.isArray(items) && items.length > 0;

/** A stored cart line, as far as the early paint reads it; anything else means the page draws it. */
interface StoredLine {
  uuid: string;
  name: string;
  image: string;
  price_cents: number;
  quantity: number;
  storeUuid?: string;
  store?: { uuid?: string; name?: string; publicId?: string };
  unitPrice?: { label?: string };
  substitution?: { choice?: string; substitute?: { name?: string } | null };
}

const isStoredLine = (line: unknown): line is StoredLine => {
  const l = line as Partial<StoredLine> | null;
  return (
    typeof l?.uuid === 'string' &&
    typeof l.name === 'string' &&
    typeof l.image === 'string' &&
    Number.isInteger(l.price_cents) &&
    Number.isInteger(l.quantity)
  );
};

/** mf-cart-checkout SubstitutionChoice's labels, in its order (first-paint.spec.ts compares the painted select with the page's). */
const SUBSTITUTION_LABELS = { BEST_MATCH: 'Best match', SPECIFIC: 'A specific replacement', NONE: "Don't replace (refund)" };

/**
 * mf-cart-checkout's CartPage as it first renders from the stored cart (as the store reads it: not a
 * list, or an empty one, is empty). Empty: its heading and the empty state. With lines, for a visitor:
 * every store's lines and the minimum-order notes under them, from the stores' rules (`rules`, the
 * answer of GET /open/store-rules). A signed-in shopper's cart also shows fees and delivery coverage
 * under each store, which wait on their own calls, so only the first store's lines are painted: what
 * arrives later appears below them and nothing painted moves. A stored line the paint does not
 * understand, or rules that did not come, leave the cart to the page.
 */
export function cartFirstScreen(items: unknown, signedIn: boolean, rules: unknown, doc: Document, url: Url): FirstScreen | null {
  const element = elementMaker(doc);
  const header = (sub?: string) =>
    element(
      'div',
      { class: 'page-header' },
      element('h1', null, 'Cart'),
      ...(sub ? [element('p', { class: 'page-header-sub' }, sub)] : []),
    );
  if (!hasLines(items)) {
    const content = element(
      'section',
      { class: 'page cart-page' },
      header(),
      element(
        'div',
        { class: 'cart-empty' },
        element('h2', null, 'Your cart is empty'),
        element('p', null, 'Browse our partner stores and add your groceries here.'),
        element('a', { href: '/', class: 'btn btn-primary' }, 'Start Shopping'),
      ),
    );
    return asPicture(content);
  }
  if (!items.every(isStoredLine) || !Array.isArray(rules)) return null;
  const minimums = new Map((rules as Array<Partial<StoreRulesJson>>).map((rule) => [rule.storeUuid, rule.minOrderCents]));
  // mf-cart-checkout groupByStore: stores in the order they first appear.
  const groups = new Map<string | undefined, StoredLine[]>();
  for (const line of items) {
    const key = line.store?.uuid ?? line.storeUuid;
    groups.set(key, [...(groups.get(key) ?? []), line]);
  }
  const count = items.reduce((sum, line) => sum + line.quantity, 0);
  const painted = [...groups].slice(0, signedIn ? 1 : groups.size);
  const content = element(
    'section',
    { class: 'page cart-page' },
    header(`${plural(count, 'item')} from ${plural(groups.size, 'store')}`),
    element(
      'div',
      { class: 'summary-layout' },
      element(
        'div',
        { class: 'cart-stores' },
        ...painted.map(([storeUuid, lines]) => {
          const name = lines[0]!.store?.name || UNKNOWN_STORE_NAME;
          const short = (minimums.get(storeUuid) ?? 0) - lines.reduce((sum, line) => sum + line.price_cents * line.quantity, 0);
          return element(
            'section',
            { class: 'panel cart-store' },
            element('h2', null, name),
            element('ul', { class: 'cart-lines' }, ...lines.map((line) => cartLine(doc, url, line))),
            ...(!signedIn && short > 0
              ? [
                  element(
                    'div',
                    { class: 'store-rule-notes' },
                    element(
                      'p',
                      { class: 'store-rule-note store-rule-minimum' },
                      `Add ${formatCents(short)} more from ${name} to check out`,
                    ),
                  ),
                ]
              : []),
          );
        }),
      ),
    ),
  );
  return asPicture(content);
}

/** mf-cart-checkout's CartLine as it first renders (the substitute list not yet loaded). */
function cartLine(doc: Document, url: Url, line: StoredLine): HTMLElement {
  const element = elementMaker(doc);
  const publicId = line.store?.publicId;
  const href = publicId ? productHref(publicId, line.uuid) : null;
  const image = element('img', { src: url(line.image), alt: '', width: '48', height: '48', loading: 'lazy', decoding: 'async' });
  const choice = line.substitution?.choice ?? 'BEST_MATCH';
  const option = (text: string, selected: boolean, attributes: Record<string, string> = {}) =>
    element('option', { ...attributes, ...(selected ? { selected: '' } : {}) }, text);
  const substitute = line.substitution?.substitute?.name;
  return element(
    'li',
    { class: 'cart-line' },
    href ? element('a', { class: 'cart-line-image', href }, image) : element('span', { class: 'cart-line-image' }, image),
    element(
      'div',
      { class: 'cart-line-info' },
      element('h3', { class: 'cart-line-name' }, href ? element('a', { href }, line.name) : line.name),
      element(
        'p',
        { class: 'cart-line-unit' },
        `${formatCents(line.price_cents)} each`,
        ...(line.unitPrice?.label ? [element('span', { class: 'cart-line-unit-price' }, ` · ${line.unitPrice.label}`)] : []),
      ),
      element(
        'div',
        { class: 'cart-line-substitution' },
        element(
          'label',
          null,
          element('span', null, 'If out of stock'),
          element('select', null, ...Object.entries(SUBSTITUTION_LABELS).map(([value, text]) => option(text, value === choice))),
        ),
        ...(choice === 'SPECIFIC'
          ? [
              element(
                'label',
                null,
                element('span', null, 'Replace with'),
                element(
                  'select',
                  { disabled: '' },
                  option('Loading...', !substitute, { disabled: '' }),
                  ...(substitute ? [option(substitute, true)] : []),
                ),
              ),
            ]
          : []),
      ),
    ),
    element(
      'div',
      { class: 'quantity' },
      element('button', { type: 'button', class: 'btn quantity-button', ...(line.quantity <= 1 ? { disabled: '' } : {}) }, '\u2212'),
      element('output', { class: 'quantity-value' }, String(line.quantity)),
      element('button', { type: 'button', class: 'btn quantity-button' }, '+'),
    ),
    element(
      'p',
      { class: 'cart-line-total' },
      element('span', { class: 'visually-hidden' }, 'Line total '),
      formatCents(line.price_cents * line.quantity),
    ),
    element('button', { type: 'button', class: 'link-button cart-line-remove' }, 'Remove'),
  );
}

type Child = Node | string;

/** '1 item', '3 stores': the pages' counts. */
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** @grocer/shared paths.product (firstScreen.test.ts holds the two equal). */
export const productHref = (publicId: string, productUuid: string) =>
  `/store/${encodeURIComponent(publicId)}/product/${encodeURIComponent(productUuid)}`;

/** An element with attributes and children; text is always text. */
function elementMaker(doc: Document) {
  return (tag: string, attributes: Record<string, string> | null, ...children: Child[]) => {
    const node = doc.createElement(tag);
    for (const [name, value] of Object.entries(attributes ?? {})) node.setAttribute(name, value);
    node.append(...children);
    return node;
  };
}

/**
 * A picture of what React renders next, read from the page itself once it is there: hidden from
 * assistive technology, and its controls out of the tab order and inert.
 */
function asPicture(content: HTMLElement): HTMLElement {
  content.setAttribute('aria-hidden', 'true');
  content.setAttribute('inert', '');
  for (const control of content.querySelectorAll('a, button, input, select')) control.setAttribute('tabindex', '-1');
  return content;
}

/** @grocer/shared formatCents (firstScreen.test.ts holds the two equal): this runs before the shared libraries load. */
export function formatCents(cents: number): string {
  const whole = Math.round(cents);
  const abs = Math.abs(whole);
  const dollars = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${whole < 0 ? '-' : ''}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

/** mf-orders orderStatusOf: a known status, else PROCESSING. */
const orderStatusOf = (status: unknown): OrderStatus =>
  ORDER_STATUSES.find((known) => typeof status === 'string' && known === status.toUpperCase()) ?? DEFAULT_ORDER_STATUS;
/** mf-orders statusTone. */
const STATUS_TONES: Partial<Record<OrderStatus, string>> = {
  DELIVERED: 'success',
  CANCELLED: 'danger',
  OUT_FOR_DELIVERY: 'info',
  PREPARING: 'warning',
};
/** @grocer/shared titleCaseStatus (firstScreen.test.ts holds the two equal). */
export const titleCaseStatus = (status: string) =>
  status
    .split('_')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');
/** mf-orders orderProgress for one store part at the order's status: the four steps (preparation lit once a store prepares, not at payment), and step 2's note. */
function orderSteps(status: OrderStatus): Array<{ title: string; lit: boolean; note: string | null }> {
  const rank = (s: OrderStatus) => ORDER_STATUSES.indexOf(s);
  const between = (from: OrderStatus, to: OrderStatus) => rank(status) >= rank(from) && rank(status) <= rank(to);
  const note = status === 'PREPARING' ? 'In Progress' : between('READY_FOR_PICKUP', 'DELIVERED') ? 'Completed' : null;
  return [
    { title: 'Order Confirmed', lit: between('PENDING', 'DELIVERED'), note: null },
    { title: 'Store Preparation', lit: between('PREPARING', 'DELIVERED'), note },
    { title: 'Out for Delivery', lit: between('OUT_FOR_DELIVERY', 'DELIVERED'), note: null },
    { title: 'Delivered to You', lit: status === 'DELIVERED', note: null },
  ];
}
const dollars = (amount: number) => formatCents(Math.round(amount * 100));

const isOrder = (body: unknown): body is Order => {
  const order = body as Partial<Order> | null;
  return (
    typeof order?.orderId === 'string' &&
    typeof order.orderDate === 'string' &&
    typeof order.totalAmount === 'number' &&
    Array.isArray(order.orderItems) &&
    order.orderItems.every(
      (item) => typeof item?.productName === 'string' && Number.isInteger(item.quantity) && typeof item.unitPrice === 'number',
    )
  );
};

/**
 * mf-orders' OrderDetailsPage as it renders a stored order on a cold load: the heading, the order's
 * facts, its progress and its lines (the first screen on a phone; the other cards follow below them,
 * and on a wide screen beside them). Not for an order just placed (its heading and status differ:
 * the page draws that one) nor one the answer does not describe.
 */
export function orderDetailsFirstScreen(body: unknown, doc: Document, url: Url): FirstScreen | null {
  const state = (doc.defaultView?.history.state as { usr?: { newOrder?: unknown } } | null)?.usr;
  if (state?.newOrder === true || !isOrder(body)) return null;
  const element = elementMaker(doc);
  const status = orderStatusOf(body.orderStatus);
  const count = body.orderItems.reduce((sum, item) => sum + item.quantity, 0);
  const fact = (term: string, value: Child) => element('div', null, element('dt', null, term), element('dd', null, value));
  const date = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'numeric', day: 'numeric' });
  const orderDate = new Date(body.orderDate);
  const steps = orderSteps(status);
  const current = steps.findLastIndex((step) => step.lit);
  const card = (heading: string, ...children: Child[]) =>
    element('section', { class: 'card order-card' }, element('h2', null, heading), ...children);
  const content = element(
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
          element(
            'span',
            { class: `order-badge order-badge-${STATUS_TONES[status] ?? 'primary'}`, 'data-status': status },
            titleCaseStatus(status),
          ),
        ),
        fact('Order Number', body.orderNumber?.trim() || body.orderId),
        fact('Payment', 'Payment Processed'),
        fact('Total', dollars(body.totalAmount)),
        fact('Items', plural(count, 'item')),
        fact('Order Date', Number.isNaN(orderDate.getTime()) ? '' : date.format(orderDate)),
      ),
    ),
    card(
      'Order Progress',
      element(
        'ol',
        { class: 'order-steps' },
        ...steps.map((step, index) =>
          element(
            'li',
            { class: `order-progress-step${step.lit ? ' is-lit' : ''}`, ...(index === current ? { 'aria-current': 'step' } : {}) },
            element('span', { class: 'order-step-marker' }, step.lit ? '✓' : String(index + 1)),
            element(
              'span',
              { class: 'order-progress-text' },
              element('span', { class: 'order-progress-title' }, step.title),
              element('span', { class: 'visually-hidden' }, step.lit ? ' (reached)' : ' (not reached yet)'),
              ...(step.note ? [element('span', { class: 'order-progress-note' }, step.note)] : []),
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
        card('Order Items', element('ul', { class: 'order-items' }, ...body.orderItems.map((item) => orderLine(doc, url, item)))),
      ),
    ),
  );
  return asPicture(content);
}

/** mf-orders itemNameOf: the name as ordered, with its size when the name does not carry it. */
function itemName(item: Pick<OrderItem, 'productName' | 'sizeLabel'>): string {
  const size = item.sizeLabel?.trim();
  return size && !item.productName.includes(size) ? `${item.productName}, ${size}` : item.productName;
}

/** mf-orders OrderItemsList's line (its name, size, store, prices and the shopper's choice). */
function orderLine(doc: Document, url: Url, item: OrderItem): HTMLElement {
  const element = elementMaker(doc);
  const name = itemName(item);
  const href = item.productUuid && item.storePublicId ? productHref(item.storePublicId, item.productUuid) : null;
  const picture = item.image
    ? element('img', { src: url(item.image), alt: '', width: '48', height: '48', loading: 'lazy', decoding: 'async' })
    : null;
  const product = element(
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
  const choice = item.substitution;
  const substitution =
    choice?.choice === 'NONE'
      ? "If out of stock: don't replace (refund)"
      : choice?.choice === 'SPECIFIC' && choice.substitute
        ? `If out of stock: replace with ${choice.substitute.name}`
        : 'If out of stock: best match';
  // mf-orders fulfilmentText: what the store did with the line, once picked.
  const done = item.fulfilment && item.fulfilment.state !== 'PENDING' ? item.fulfilment : null;
  const replacement = done?.replacement;
  const fulfilment = !done
    ? null
    : done.state === 'FOUND'
      ? 'Found'
      : done.state === 'UNAVAILABLE'
        ? 'Unavailable · refunded'
        : replacement
          ? `Replaced with ${itemName(replacement)} (${dollars(replacement.unitPrice)} × ${item.quantity})`
          : 'Replaced';
  const lineTotal = typeof item.lineTotal === 'number' ? item.lineTotal : item.unitPrice * item.quantity;
  return element(
    'li',
    { class: 'order-item' },
    element(
      'div',
      null,
      element('p', { class: 'order-item-name' }, product),
      element(
        'p',
        { class: 'order-item-meta' },
        `${item.storeName?.trim() || 'Store'} · ${dollars(item.unitPrice)} × ${item.quantity}${item.unitPriceLabel ? ` · ${item.unitPriceLabel}` : ''}`,
      ),
      element('p', { class: 'order-item-meta order-item-substitution' }, substitution),
      ...(fulfilment
        ? [element('p', { class: `order-item-fulfilment order-item-${item.fulfilment!.state.toLowerCase()}` }, fulfilment)]
        : []),
    ),
    element('span', { class: 'order-item-price' }, dollars(lineTotal)),
  );
}

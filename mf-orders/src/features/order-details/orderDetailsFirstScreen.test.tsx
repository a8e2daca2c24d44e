import path from 'node:path';
import { screen } from '@testing-library/react';
import { assetUrl, formatUsShortDate, routePatterns, type Order } from '@grocer/shared';
import { importGraph, markupOutline, mockFetch, renderWithProviders, type FetchMock } from '@grocer/shared/testing';
import { makeOrder, makeOrderItem, makeTwoStoreOrder, makeUser } from '../../testing/fixtures.ts';
import OrderDetailsPage from './OrderDetailsPage.tsx';
import orderDetailsFirstScreen from './orderDetailsFirstScreen.ts';

const url = (p: string) => `http://api.test${p}`;
const text = (node: Element | null | undefined) => node?.textContent?.replace(/\s+/g, ' ').trim();
const draw = (body: unknown, toUrl = url) => orderDetailsFirstScreen.draw([body], document, toUrl) as HTMLElement | null;

// A line replaced by the store, with its picture and product page, and an older line with neither.
const order = makeOrder({
  orderId: '6f1c2a4e-1111-4222-8333-944455556666',
  orderNumber: 'GR-000042',
  orderStatus: 'PREPARING',
  orderDate: '2026-11-26T15:04:05.000Z',
  totalAmount: 23.5,
  orderItems: [
    makeOrderItem({
      productUuid: 'p1',
      storePublicId: 'andersonville-co-op',
      image: '/images/products/milk.abc.svg',
      sizeLabel: '1 gal',
      unitPriceLabel: '$0.03/fl oz',
      productName: 'Prairie Farms Whole Milk',
      quantity: 2,
      unitPrice: 4.25,
      lineTotal: 8.5,
      storeName: 'Andersonville Co-op',
      substitution: { choice: 'NONE', substitute: null },
      fulfilment: {
        state: 'REPLACED',
        replacement: {
          productUuid: 'p2',
          productName: 'Store Brand Milk',
          image: null,
          sizeLabel: '1 gal',
          unitPrice: 3.99,
          lineTotal: 7.98,
        },
      },
    }),
    makeOrderItem({
      productUuid: null,
      storePublicId: null,
      image: null,
      sizeLabel: null,
      unitPriceLabel: null,
      productName: 'Old Bread',
      quantity: 1,
      unitPrice: 15,
      lineTotal: 15,
      storeName: null,
      // Ordered before the choice existed.
      substitution: undefined,
    }),
  ],
});

describe('the order’s first screen', () => {
  it('reads the order with the stored session, for an id that can be an order’s', () => {
    expect(orderDetailsFirstScreen.reads({ orderId: order.orderId })).toEqual({ paths: [`/orders/${order.orderId}`], session: true });
    expect(orderDetailsFirstScreen.reads({ orderId: 'not-an-order' })).toBeNull();
  });

  it('draws the heading, the facts, the progress and every line as the details page first renders them', () => {
    const content = draw(order)!;
    expect(text(content.querySelector('h1'))).toBe('Order Details');
    expect([...content.querySelectorAll('.order-facts > div')].map((fact) => [...fact.children].map(text))).toEqual([
      ['Status', 'Preparing'],
      ['Order Number', 'GR-000042'],
      ['Payment', 'Payment Processed'],
      ['Total', '$23.50'],
      ['Items', '3 items'],
      ['Order Date', formatUsShortDate(order.orderDate)],
    ]);
    expect(content.querySelector('.order-badge')?.className).toBe('order-badge order-badge-warning');
    expect([...content.querySelectorAll('.order-progress-step')].map((step) => [step.className, text(step)])).toEqual([
      ['order-progress-step is-lit', '✓Order Confirmed (reached)'],
      ['order-progress-step is-lit', '✓Store Preparation (reached)In Progress'],
      ['order-progress-step', '3Out for Delivery (not reached yet)'],
      ['order-progress-step', '4Delivered to You (not reached yet)'],
    ]);
    expect(content.querySelector('[aria-current="step"]')?.textContent).toContain('Store Preparation');
    const [milk, bread] = [...content.querySelectorAll('.order-item')];
    expect(text(milk!.querySelector('.order-item-name'))).toBe('2x Prairie Farms Whole Milk, 1 gal');
    expect(milk!.querySelector('.order-item-name a:not(.order-item-image)')?.getAttribute('href')).toBe(
      '/store/andersonville-co-op/product/p1',
    );
    expect(milk!.querySelector('img')?.getAttribute('src')).toBe(url('/images/products/milk.abc.svg'));
    expect([...milk!.querySelectorAll('p')].map(text)).toEqual([
      '2x Prairie Farms Whole Milk, 1 gal',
      'Andersonville Co-op · $4.25 × 2 · $0.03/fl oz',
      "If out of stock: don't replace (refund)",
      'Replaced with Store Brand Milk, 1 gal ($3.99 × 2)',
    ]);
    expect(text(milk!.querySelector('.order-item-price'))).toBe('$8.50');
    // An older line: no picture, no link, the default store name.
    expect(bread!.querySelector('img, a')).toBeNull();
    expect([...bread!.querySelectorAll('p')].map(text)).toEqual(['1x Old Bread', 'Store · $15.00 × 1', 'If out of stock: best match']);
    expect(content.getAttribute('aria-hidden')).toBe('true');
    expect(content.hasAttribute('inert')).toBe(true);
    for (const control of content.querySelectorAll('a')) expect(control.getAttribute('tabindex')).toBe('-1');
  });

  it('tells an order store by store as the page does: the least advanced store’s badge, how far the others are', () => {
    const content = draw(makeTwoStoreOrder())!;
    expect(text(content.querySelector('.order-facts dd'))).toBe('Confirmed1 of 2 stores delivered');
    expect([...content.querySelectorAll('.order-progress-stores')].map(text)).toEqual(['1 of 2 stores', '1 of 2 stores', '1 of 2 stores']);
  });

  it('leaves an order just placed, or an answer that is no order, to the page', () => {
    expect(draw({ message: 'Order not found' })).toBeNull();
    expect(draw(null)).toBeNull();
    expect(draw({ ...order, storeParts: 'none' })).toBeNull();
    window.history.replaceState({ usr: { newOrder: true } }, '');
    try {
      expect(draw(order)).toBeNull();
    } finally {
      window.history.replaceState(null, '');
    }
  });

  it('loads no React, router, store or RTK Query: it runs before the shared libraries', () => {
    // What it does load besides, so a new import is a decision seen here.
    expect(importGraph(path.join(__dirname, 'orderDetailsFirstScreen.ts'))).toMatchObject({
      libraries: [],
      components: [],
      specifiers: ['@grocer/shared/contracts', '@grocer/shared/first-screen', '@grocer/shared/format', '@grocer/shared/paths'],
    });
  });
});

describe('the order’s first screen is the top of OrderDetailsPage', () => {
  let net: FetchMock;
  afterEach(() => net.restore());

  it.each([
    ['one store’s order, a line replaced and an older line', order],
    ['an order told store by store', makeTwoStoreOrder()],
  ])('%s: the heading, the facts, the progress and the lines, in the page’s markup', async (_, body: Order) => {
    net = mockFetch({ [`GET /orders/${body.orderId}`]: () => ({ body }) });
    const { container } = renderWithProviders(<OrderDetailsPage />, {
      route: `/order-details/${body.orderId}`,
      path: routePatterns.orderDetails,
      preloadedState: { session: { user: makeUser() } },
    });
    await screen.findByRole('region', { name: 'Order Items' });
    const first = markupOutline(draw(body, assetUrl)!);
    expect(first.some((row) => row.includes('order-item-price'))).toBe(true);
    expect(markupOutline(container.querySelector('.order-details-page')!).slice(0, first.length)).toEqual(first);
  });
});

import {
  formatCents as sharedFormatCents,
  paths,
  routePatterns,
  STORAGE_KEYS,
  titleCaseStatus as sharedTitleCase,
  type Order,
} from '@grocer/shared';

// The shell's remote registry reads /remotes.json and the remotes' routes.json through fetch; the
// federation runtime itself is not needed to find the first page's module.
jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
  preloadRemote: jest.fn(() => Promise.resolve()),
}));
import type * as FirstDataModule from './firstData.ts';
import { manifestRead } from './remoteStyles.ts';
import { cartFirstScreen, FIRST_SCREENS, formatCents, orderDetailsFirstScreen, productHref, titleCaseStatus } from './firstScreen.ts';
import { CART_STORAGE_KEY, USER_STORAGE_KEY } from './storedState.ts';

const url = (path: string) => `http://api.test${path}`;

const product = (n: number, extra: object = {}) => ({
  uuid: `00000000-0000-4000-8000-00000000000${n}`,
  name: `Product ${n} <b>bold</b>`,
  image: `/images/products/p${n}.svg`,
  price_cents: 123456 + n,
  stockStatus: 'IN_STOCK',
  unitPrice: { label: '$0.22/oz' },
  store: { uuid: 's', name: 'Andersonville Co-op', publicId: 'andersonville-co-op' },
  ...extra,
});
const text = (node: Element | null | undefined) => node?.textContent?.replace(/\s+/g, ' ').trim();

describe('the cart’s early paint', () => {
  it('formats money as @grocer/shared does', () => {
    for (const cents of [0, 5, 99, 100, 189, 123456, 100000000, -2550]) expect(formatCents(cents)).toBe(sharedFormatCents(cents));
  });

  it('reads the cart and the session where the shop keeps them', () => {
    expect(CART_STORAGE_KEY).toBe(STORAGE_KEYS.cart);
    expect(USER_STORAGE_KEY).toBe(STORAGE_KEYS.user);
  });

  it('reads the stores’ rules for the minimum notes only when the stored cart has lines', () => {
    const reads = FIRST_SCREENS[routePatterns.cart].reads!;
    expect(reads()).toEqual([]);
    try {
      localStorage.setItem(STORAGE_KEYS.cart, '[]');
      expect(reads()).toEqual([]);
      localStorage.setItem(STORAGE_KEYS.cart, JSON.stringify([{ uuid: 'p', quantity: 1 }]));
      expect(reads()).toEqual(['/open/store-rules']);
    } finally {
      localStorage.removeItem(STORAGE_KEYS.cart);
    }
  });

  it.each([null, [], { items: [] }])('an empty cart (%j) paints the heading and the empty state', (stored) => {
    const content = cartFirstScreen(stored, false, undefined, document, url) as HTMLElement;
    expect(content.className).toBe('page cart-page');
    expect([...content.querySelectorAll('h1, h2, p, a')].map((e) => e.textContent)).toEqual([
      'Cart',
      'Your cart is empty',
      'Browse our partner stores and add your groceries here.',
      'Start Shopping',
    ]);
    expect(content.hasAttribute('inert')).toBe(true);
  });

  const corner = { uuid: 'c', name: 'Corner Shop', publicId: 'corner-shop' };
  const line = (n: number, quantity: number, extra: object = {}) => ({ ...product(n), quantity, ...extra });
  const cart = [
    line(1, 1),
    line(2, 3, { store: corner, substitution: { choice: 'SPECIFIC', substitute: { uuid: 'x', name: 'Oat Milk' } } }),
    line(3, 2, { substitution: { choice: 'NONE', substitute: null } }),
  ];
  // Andersonville's lines come to $3,703.75 (1 × $1,234.57 and 2 × $1,234.59).
  const rules = [
    { storeUuid: 's', minOrderCents: 370_375 + 1_000 },
    { storeUuid: 'c', minOrderCents: 100 },
  ];

  it('a visitor’s cart paints the count, every store’s lines and the minimum notes as CartPage draws them', () => {
    const content = cartFirstScreen(cart, false, rules, document, url) as HTMLElement;
    expect(content.hasAttribute('inert')).toBe(true);
    expect(content.getAttribute('aria-hidden')).toBe('true');
    expect(text(content.querySelector('.page-header-sub'))).toBe('6 items from 2 stores');
    expect([...content.querySelectorAll('.cart-store h2')].map(text)).toEqual(['Andersonville Co-op', 'Corner Shop']);
    const [andersonville, cornerShop] = [...content.querySelectorAll('.cart-store')];
    expect([...andersonville!.querySelectorAll('.cart-line-name')].map(text)).toEqual(['Product 1 <b>bold</b>', 'Product 3 <b>bold</b>']);
    expect(text(andersonville!.querySelector('.store-rule-notes .store-rule-minimum'))).toBe(
      'Add $10.00 more from Andersonville Co-op to check out',
    );
    expect(cornerShop!.querySelector('.store-rule-notes')).toBeNull();

    const [one, three] = [...andersonville!.querySelectorAll('li.cart-line')] as [HTMLElement, HTMLElement];
    expect(one.querySelector('.cart-line-name a')?.getAttribute('href')).toBe(`/store/andersonville-co-op/product/${product(1).uuid}`);
    expect(one.querySelector('img')?.getAttribute('src')).toBe('http://api.test/images/products/p1.svg');
    expect(text(one.querySelector('.cart-line-unit'))).toBe(`${formatCents(123457)} each · $0.22/oz`);
    expect(text(one.querySelector('.cart-line-total'))).toBe(`Line total ${formatCents(123457)}`);
    // The minus button is off at a quantity of 1, as the page has it.
    expect(one.querySelector<HTMLButtonElement>('.quantity-button')!.disabled).toBe(true);
    expect(three.querySelector<HTMLButtonElement>('.quantity-button')!.disabled).toBe(false);
    expect(text(three.querySelector('.quantity-value'))).toBe('2');
    expect(three.querySelector('select')?.selectedOptions[0]?.textContent).toBe("Don't replace (refund)");
    for (const control of content.querySelectorAll('a, button, select')) expect(control.getAttribute('tabindex')).toBe('-1');
  });

  it('a line waiting for its specific replacement shows the second choice as the page does before it loads', () => {
    const content = cartFirstScreen(cart, false, rules, document, url) as HTMLElement;
    const [choice, replacement] = [...content.querySelectorAll('.cart-store')[1]!.querySelectorAll('select')];
    expect(choice?.selectedOptions[0]?.textContent).toBe('A specific replacement');
    expect(replacement?.disabled).toBe(true);
    expect(replacement?.selectedOptions[0]?.textContent).toBe('Oat Milk');
  });

  it('a signed-in shopper’s cart paints only the first store’s lines: fees and coverage come below them later', () => {
    const content = cartFirstScreen(cart, true, rules, document, url) as HTMLElement;
    expect([...content.querySelectorAll('.cart-store h2')].map(text)).toEqual(['Andersonville Co-op']);
    expect(content.querySelectorAll('.cart-line')).toHaveLength(2);
    expect(content.querySelector('.store-rule-notes')).toBeNull();
  });

  it('a stored line it does not understand, or rules that did not come, leave the cart to the page', () => {
    expect(cartFirstScreen([line(1, 1), { uuid: 'x', name: 'No price' }], false, rules, document, url)).toBeNull();
    expect(cartFirstScreen(cart, false, { error: 'nope' }, document, url)).toBeNull();
  });
});

describe('an order’s early paint', () => {
  const order = {
    orderId: '6f1c2a4e-1111-4222-8333-944455556666',
    orderNumber: 'GR-000042',
    orderStatus: 'PREPARING',
    orderDate: '2026-11-26T15:04:05.000Z',
    totalAmount: 23.5,
    orderItems: [
      {
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
      },
      {
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
        substitution: null,
      },
    ],
  } as unknown as Order;

  it('shares the status words and the product links with @grocer/shared', () => {
    for (const status of ['OUT_FOR_DELIVERY', 'PENDING', 'ready_for_pickup']) expect(titleCaseStatus(status)).toBe(sharedTitleCase(status));
    expect(productHref('a b', 'c/d')).toBe(paths.product('a b', 'c/d'));
  });

  it('draws the heading, the facts, the progress and every line as the details page first renders them', () => {
    const content = orderDetailsFirstScreen(order, document, url) as HTMLElement;
    expect(text(content.querySelector('h1'))).toBe('Order Details');
    expect([...content.querySelectorAll('.order-facts > div')].map((fact) => [...fact.children].map(text))).toEqual([
      ['Status', 'Preparing'],
      ['Order Number', 'GR-000042'],
      ['Payment', 'Payment Processed'],
      ['Total', '$23.50'],
      ['Items', '3 items'],
      ['Order Date', new Date(order.orderDate).toLocaleDateString('en-US')],
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
  });

  it('leaves an order just placed, or an answer that is no order, to the page', () => {
    expect(orderDetailsFirstScreen({ message: 'Order not found' }, document, url)).toBeNull();
    window.history.replaceState({ usr: { newOrder: true } }, '');
    try {
      expect(orderDetailsFirstScreen(order, document, url)).toBeNull();
    } finally {
      window.history.replaceState(null, '');
    }
  });

  describe('painted by the entry', () => {
    const realFetch = global.fetch;
    const origin = 'http://shop.test';
    const manifestUrl = 'http://orders.test/mf-manifest.json';
    const orderUrl = `http://api.test:4000/orders/${order.orderId}`;

    beforeEach(() => {
      localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ uuid: 'u1', token: 'tok-1' }));
      document.body.innerHTML = '<div id="root"><main class="site-main"><div class="page-loading"></div></main></div>';
      global.fetch = jest.fn(async (input: RequestInfo | URL) => {
        const { href, pathname } = new URL(String(input), origin);
        if (pathname === '/config.json') return Response.json({ apiBaseUrl: 'http://api.test:4000' });
        if (pathname === '/remotes.json') return Response.json({ orders: manifestUrl });
        if (href === 'http://orders.test/routes.json')
          return Response.json({ routes: [{ path: routePatterns.orderDetails, module: 'OrderDetailsPage', access: ['CUSTOMER'] }] });
        if (href === orderUrl) return Response.json(order);
        return Response.json({}, { status: 404 });
      }) as typeof fetch;
    });

    afterEach(() => {
      localStorage.removeItem(STORAGE_KEYS.user);
      document.head.innerHTML = '';
      document.body.innerHTML = '';
      global.fetch = realFetch;
    });

    it('paints the order once the orders’ own stylesheet for the page has loaded', async () => {
      let firstData!: typeof FirstDataModule;
      await jest.isolateModulesAsync(async () => {
        firstData = await import('./firstData.ts');
      });
      const first = await firstData.startFirstData({ pathname: `/order-details/${order.orderId}`, origin });
      expect([...first.responses.keys()]).toEqual([orderUrl]);
      // What the federation runtime hands the runtime plugin once it has read the remote's manifest.
      // (The painter firstData.ts imports shares this file's registry, so this is its remoteStyles.ts.)
      manifestRead(manifestUrl, {
        metaData: { publicPath: 'auto' },
        exposes: [{ name: 'OrderDetailsPage', assets: { css: { sync: ['__federation_expose_OrderDetailsPage.1a2b.css'] } } }],
      });
      const stylesheet = async () => {
        for (let i = 0; i < 50; i++) {
          const link = document.head.querySelector<HTMLLinkElement>('link[rel="stylesheet"]');
          if (link) return link;
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        throw new Error('no stylesheet linked');
      };
      const link = await stylesheet();
      expect(link.href).toBe('http://orders.test/__federation_expose_OrderDetailsPage.1a2b.css');
      await (await first.responses.get(orderUrl))!.clone().json();
      await new Promise((resolve) => setTimeout(resolve, 20));
      // Not before the stylesheet: unstyled, the order would stand where the page will not put it.
      expect(document.querySelector('.page-loading h1')).toBeNull();
      link.dispatchEvent(new Event('load'));
      await first.painted;
      expect(text(document.querySelector('.page-loading .order-details-page h1'))).toBe('Order Details');
    });

    it('paints the order at once under the stylesheet the page server wrote in: nothing is linked or waited for', async () => {
      const written = document.createElement('style');
      written.setAttribute('data-page-stylesheet', 'http://orders.test/__federation_expose_OrderDetailsPage.1a2b.css');
      document.head.append(written);
      let firstData!: typeof FirstDataModule;
      await jest.isolateModulesAsync(async () => {
        firstData = await import('./firstData.ts');
      });
      const first = await firstData.startFirstData({ pathname: `/order-details/${order.orderId}`, origin });
      // No manifest is ever read here: the painter does not wait on the orders' origin.
      await first.painted;
      expect(text(document.querySelector('.page-loading .order-details-page h1'))).toBe('Order Details');
      expect(document.head.querySelector('link[rel="stylesheet"]')).toBeNull();
      expect(jest.mocked(global.fetch).mock.calls.map(([input]) => String(input))).not.toContain('http://orders.test/mf-manifest.json');
    });
  });
});

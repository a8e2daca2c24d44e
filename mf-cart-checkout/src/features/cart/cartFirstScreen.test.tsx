import path from 'node:path';
import { screen } from '@testing-library/react';
import { assetUrl, STORAGE_KEYS, type CartItem, type StoreRulesJson, type User } from '@grocer/shared';
import { importGraph, markupOutline, mockFetch, renderWithProviders, type FetchMock } from '@grocer/shared/testing';
import { bread, corner, eggs, freshMart, line, makeProduct, makeShopper, milk } from '../../testing/fixtures.ts';
import CartPage from './CartPage.tsx';
import cartFirstScreen from './cartFirstScreen.ts';

const url = (p: string) => `http://api.test${p}`;
const text = (node: Element | null | undefined) => node?.textContent?.replace(/\s+/g, ' ').trim();

/** What the shell's entry does: the module's reads from the stored cart and session, then its drawing from the answers. */
function stored(items: unknown, user: User | null = null) {
  if (items === undefined) localStorage.removeItem(STORAGE_KEYS.cart);
  else localStorage.setItem(STORAGE_KEYS.cart, typeof items === 'string' ? items : JSON.stringify(items));
  if (user) localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  else localStorage.removeItem(STORAGE_KEYS.user);
}
const draw = (rules: unknown, doc = document, toUrl = url) => cartFirstScreen.draw([rules], doc, toUrl) as HTMLElement | null;

afterEach(() => localStorage.clear());

// Fresh Mart's lines come to $11.23 (2 × Whole Milk at $3.49 and 1 × Rye Bread at $4.25), $10.00 under
// its minimum; the Corner Shop's eggs are over its minimum.
const specific = { choice: 'SPECIFIC' as const, substitute: { uuid: 'p-oat', name: 'Oat Milk' } };
const cart: CartItem[] = [
  line(milk, 2),
  { ...line(eggs, 3), substitution: specific },
  { ...line(bread), substitution: { choice: 'NONE', substitute: null } },
];
const rules: Array<Pick<StoreRulesJson, 'storeUuid' | 'minOrderCents'>> = [
  { storeUuid: freshMart.uuid, minOrderCents: 1_123 + 1_000 },
  { storeUuid: corner.uuid, minOrderCents: 100 },
];

describe('the cart’s first screen', () => {
  it('reads the stores’ rules for the minimum notes only when the stored cart has lines', () => {
    stored(undefined);
    expect(cartFirstScreen.reads()).toEqual({ paths: [] });
    stored([]);
    expect(cartFirstScreen.reads()).toEqual({ paths: [] });
    stored('{not json');
    expect(cartFirstScreen.reads()).toEqual({ paths: [] });
    stored([{ uuid: 'p', quantity: 1 }]);
    expect(cartFirstScreen.reads()).toEqual({ paths: ['/open/store-rules'] });
  });

  it.each([undefined, [], { items: [] }])('an empty cart (%j) draws the heading and the empty state', (items) => {
    stored(items);
    const content = draw(undefined)!;
    expect(content.className).toBe('page cart-page');
    expect([...content.querySelectorAll('h1, h2, p, a')].map((e) => e.textContent)).toEqual([
      'Cart',
      'Your cart is empty',
      'Browse our partner stores and add your groceries here.',
      'Start Shopping',
    ]);
    expect(content.hasAttribute('inert')).toBe(true);
  });

  it('a visitor’s cart draws the count, every store’s lines and the minimum notes', () => {
    stored(cart);
    const content = draw(rules)!;
    expect(content.hasAttribute('inert')).toBe(true);
    expect(content.getAttribute('aria-hidden')).toBe('true');
    expect(text(content.querySelector('.page-header-sub'))).toBe('6 items from 2 stores');
    expect([...content.querySelectorAll('.cart-store h2')].map(text)).toEqual(['Fresh Mart', 'Corner Shop']);
    const [fresh, cornerShop] = [...content.querySelectorAll('.cart-store')];
    expect([...fresh!.querySelectorAll('.cart-line-name')].map(text)).toEqual(['Whole Milk', 'Rye Bread']);
    const note = fresh!.querySelector('.store-rule-notes .store-rule-minimum');
    expect(text(note)).toBe('Add $10.00 more from Fresh Mart to check out');
    expect(note?.querySelector('a')?.getAttribute('href')).toBe('/store/fresh-mart');
    expect(cornerShop!.querySelector('.store-rule-notes')).toBeNull();

    const [milkLine, breadLine] = [...fresh!.querySelectorAll('li.cart-line')] as [HTMLElement, HTMLElement];
    expect(milkLine.querySelector('.cart-line-name a')?.getAttribute('href')).toBe('/store/fresh-mart/product/p-milk');
    expect(milkLine.querySelector('img')?.getAttribute('src')).toBe('http://api.test/images/products/p-milk.jpg');
    expect(text(milkLine.querySelector('.cart-line-unit'))).toBe('$3.49 each · $0.03/fl oz');
    expect(text(milkLine.querySelector('.cart-line-total'))).toBe('Line total $6.98');
    // The minus button is off at a quantity of 1, as the page has it.
    expect(milkLine.querySelector<HTMLButtonElement>('.quantity-button')!.disabled).toBe(false);
    expect(breadLine.querySelector<HTMLButtonElement>('.quantity-button')!.disabled).toBe(true);
    expect(text(milkLine.querySelector('.quantity-value'))).toBe('2');
    expect(breadLine.querySelector('select')?.selectedOptions[0]?.textContent).toBe("Don't replace (refund)");
    for (const control of content.querySelectorAll('a, button, select')) expect(control.getAttribute('tabindex')).toBe('-1');
  });

  it('a line waiting for its specific replacement shows the second choice as the page does before the list loads', () => {
    stored(cart);
    const [choice, replacement] = [...draw(rules)!.querySelectorAll('.cart-store')[1]!.querySelectorAll('select')];
    expect(choice?.selectedOptions[0]?.textContent).toBe('A specific replacement');
    expect(replacement?.disabled).toBe(true);
    expect(replacement?.selectedOptions[0]?.textContent).toBe('Oat Milk');
  });

  it('a signed-in shopper’s cart draws only the first store’s lines: fees and coverage come below them later', () => {
    stored(cart, makeShopper());
    const content = draw(rules)!;
    expect([...content.querySelectorAll('.cart-store h2')].map(text)).toEqual(['Fresh Mart']);
    expect(content.querySelectorAll('.cart-line')).toHaveLength(2);
    expect(content.querySelector('.store-rule-notes')).toBeNull();
  });

  it('a stored line it does not understand, or rules that did not come, leave the cart to the page', () => {
    stored([line(milk), { uuid: 'x', name: 'No price' }]);
    expect(draw(rules)).toBeNull();
    stored(cart);
    expect(draw({ error: 'nope' })).toBeNull();
    expect(draw(null)).toBeNull();
  });

  it('loads no React, router, store or RTK Query: it runs before the shared libraries', () => {
    // What it does load besides, so a new import is a decision seen here.
    expect(importGraph(path.join(__dirname, 'cartFirstScreen.ts'))).toMatchObject({
      libraries: [],
      components: [],
      specifiers: [
        '@grocer/shared/contracts',
        '@grocer/shared/first-screen',
        '@grocer/shared/format',
        '@grocer/shared/paths',
        '@grocer/shared/storage',
        '@grocer/shared/validation',
      ],
    });
  });
});

describe('the cart’s first screen is the top of CartPage', () => {
  let net: FetchMock;
  afterEach(() => net.restore());

  // A line at its stock, one of a store the shop does not know (no page to link), pictures from the API.
  const atStock = { ...line(makeProduct({ uuid: 'p-jam', name: 'Jam', price_cents: 250, stockQuantity: 2 }), 2) };
  const unknown = line(makeProduct({ uuid: 'p-gone', name: 'Gone', storeUuid: 'store-gone', store: { uuid: 'store-gone', name: '' } }));
  const items = [...cart, atStock, unknown];

  function renderPage(user: User | null) {
    // Only the stores' rules answer: the stock refresh, fees, pricing and replacements are still on
    // their way, as when the page takes over from the first screen (the refresh would drop the unknown store's line).
    const pending = () => new Promise<never>(() => undefined);
    net = mockFetch({
      'GET /open/store-rules': () => ({ body: rules }),
      ...Object.fromEntries([freshMart.publicId, corner.publicId, 'store-gone'].map((store) => [`GET /open/products/${store}`, pending])),
      'POST /delivery-fees': pending,
      'POST /pricing/calculate': pending,
      [`GET /open/product/${eggs.uuid}/substitutes`]: pending,
      'GET /user/substitution-preferences': pending,
    });
    return renderWithProviders(<CartPage />, { preloadedState: { cart: { items }, session: { user } }, route: '/cart' });
  }

  it('for a visitor: every store’s lines and the notes under them, in the page’s markup', async () => {
    stored(items);
    const { container } = renderPage(null);
    await screen.findByText(/more from Fresh Mart/);
    const page = markupOutline(container.querySelector('.cart-page')!);
    const first = markupOutline(draw(rules, document, assetUrl)!);
    expect(first.some((row) => row.includes('Oat Milk'))).toBe(true);
    expect(page.slice(0, first.length)).toEqual(first);
  });

  it('for a signed-in shopper: the first store’s lines, in the page’s markup', () => {
    stored(items, makeShopper());
    const { container } = renderPage(makeShopper());
    const first = markupOutline(draw(rules, document, assetUrl)!);
    expect(page(container).slice(0, first.length)).toEqual(first);
  });

  it('for an empty cart: the heading and the empty state, in the page’s markup', () => {
    stored([]);
    net = mockFetch({});
    const { container } = renderWithProviders(<CartPage />, { preloadedState: { cart: { items: [] } }, route: '/cart' });
    expect(page(container)).toEqual(markupOutline(draw(undefined, document, assetUrl)!));
  });
});

const page = (container: HTMLElement) => markupOutline(container.querySelector('.cart-page')!);

// The cart's first screen (contracts/firstScreen.ts): CartPage as it first renders from the stored
// cart, drawn by the shell's entry before any React code has loaded, in the page's own markup and
// classes, so the page replaces it without a move (cartFirstScreen.test.ts renders both and compares).
// Built as a stand-alone module loaded before the shared libraries: leaf imports only, no React, no
// store, no RTK Query (the test checks its import graph).
import { apiPaths, type CartItem, type FirstScreenModule, type StoreRulesJson } from '@grocer/shared/contracts';
import { asPicture, elementMaker, type ElementMaker } from '@grocer/shared/first-screen';
import { formatCents } from '@grocer/shared/format';
import { paths } from '@grocer/shared/paths';
import { readStoredJson, STORAGE_KEYS } from '@grocer/shared/storage';
import { MIN_QUANTITY } from '@grocer/shared/validation';
import { addMoreText, plural, TO_CHECK_OUT } from '../../lib/cartWords.ts';
import { groupByStore, type StoreGroup } from '../../lib/groupByStore.ts';
import { CART_IMAGE_SIZE, isAtStock, leftInStockText, SUBSTITUTES_LOADING, SUBSTITUTION_LABELS } from './cartLineParts.ts';

type Url = (pathOrUrl: string) => string;

/** The stored cart as the store reads it (shared persistence.ts): anything but a list is empty. */
function storedCart(): unknown[] {
  const items = readStoredJson(STORAGE_KEYS.cart);
  return Array.isArray(items) ? items : [];
}

/** A stored line as far as the first screen reads it; anything else leaves the cart to the page. */
const isStoredLine = (line: unknown): line is CartItem => {
  const l = line as Partial<CartItem> | null;
  return (
    typeof l?.uuid === 'string' &&
    typeof l.name === 'string' &&
    typeof l.image === 'string' &&
    Number.isInteger(l.price_cents) &&
    Number.isInteger(l.quantity)
  );
};

const cartFirstScreen = {
  // Lines below a store's minimum say so under them, from the stores' rules (the page's notes read them too).
  reads: () => ({ paths: storedCart().length > 0 ? [apiPaths.storeRules] : [] }),
  draw: ([rules], doc, url) => drawCart(storedCart(), readStoredJson(STORAGE_KEYS.user) !== null, rules, doc, url),
} satisfies FirstScreenModule;

export default cartFirstScreen;

/**
 * Empty: the heading and the empty state. With lines, for a visitor: every store's lines and the
 * minimum-order notes under them, from the stores' rules (`rules`, GET /open/store-rules). A signed-in
 * shopper's cart also shows fees and delivery coverage under each store, which wait on their own calls,
 * so only the first store's lines are drawn: what arrives later appears below them and nothing drawn
 * moves. A stored line it does not understand, or rules that did not come, leave the cart to the page.
 */
function drawCart(items: readonly unknown[], signedIn: boolean, rules: unknown, doc: Document, url: Url): HTMLElement | null {
  const element = elementMaker(doc);
  const page = (...children: Node[]) => asPicture(element('section', { class: 'page cart-page', 'data-keep-clear': 'true' }, ...children));
  const header = (sub?: string) =>
    element(
      'div',
      { class: 'page-header' },
      element('h1', null, 'Cart'),
      ...(sub ? [element('p', { class: 'page-header-sub' }, sub)] : []),
    );
  if (items.length === 0) {
    return page(
      header(),
      element(
        'div',
        { class: 'cart-empty' },
        element('h2', null, 'Your cart is empty'),
        element('p', null, 'Browse our partner stores and add your groceries here.'),
        element('a', { href: paths.home(), class: 'btn btn-primary' }, 'Start Shopping'),
      ),
    );
  }
  if (!items.every(isStoredLine) || !Array.isArray(rules)) return null;
  const minimums = new Map((rules as Array<Partial<StoreRulesJson>>).map((rule) => [rule.storeUuid, rule.minOrderCents]));
  const groups = groupByStore(items);
  const count = items.reduce((sum, line) => sum + line.quantity, 0);
  return page(
    header(`${plural(count, 'item')} from ${plural(groups.length, 'store')}`),
    element(
      'div',
      { class: 'summary-layout' },
      element(
        'div',
        { class: 'cart-stores' },
        ...groups.slice(0, signedIn ? 1 : groups.length).map((group) => {
          const short = (minimums.get(group.storeUuid) ?? 0) - group.subtotalCents;
          return element(
            'section',
            { class: 'panel cart-store' },
            element('h2', null, group.storeName),
            element('ul', { class: 'cart-lines' }, ...group.items.map((line) => cartLine(element, url, line))),
            ...(!signedIn && short > 0 ? [element('div', { class: 'store-rule-notes' }, belowMinimum(element, group, short))] : []),
          );
        }),
      ),
    ),
  );
}

/** StoreRuleNotes' BelowMinimum: 'Add $3.20 more from Fresh Mart to check out', the first part linking to the store. */
function belowMinimum(element: ElementMaker, group: StoreGroup, shortCents: number): HTMLElement {
  const text = addMoreText(shortCents, group.storeName);
  return element(
    'p',
    { class: 'store-rule-note store-rule-minimum' },
    group.storePublicId ? element('a', { href: paths.store(group.storePublicId) }, text) : text,
    TO_CHECK_OUT,
  );
}

/** CartLine as it first renders (SubstitutionChoice's replacements not loaded yet). */
function cartLine(element: ElementMaker, url: Url, line: CartItem): HTMLElement {
  // A product of an unknown store has no publicId, so no page to open.
  const publicId = line.store?.publicId;
  const href = publicId ? paths.product(publicId, line.uuid) : null;
  const size = String(CART_IMAGE_SIZE);
  // shared Picture, lazy.
  const image = element('img', { src: url(line.image), alt: '', width: size, height: size, loading: 'lazy', decoding: 'async' });
  const atStock = isAtStock(line);
  return element(
    'li',
    { class: 'cart-line' },
    href
      ? element('a', { class: 'cart-line-image', href, 'aria-hidden': 'true' }, image)
      : element('span', { class: 'cart-line-image' }, image),
    element(
      'div',
      { class: 'cart-line-info' },
      element('h3', { class: 'cart-line-name' }, href ? element('a', { href }, line.name) : line.name),
      element(
        'p',
        { class: 'cart-line-unit' },
        `${formatCents(line.price_cents)} each`,
        ...(line.unitPrice ? [element('span', { class: 'cart-line-unit-price' }, ` · ${line.unitPrice.label}`)] : []),
      ),
      substitutionChoice(element, line),
    ),
    element(
      'div',
      { class: 'quantity', role: 'group' },
      element('button', { type: 'button', class: 'btn quantity-button', ...disabled(line.quantity <= MIN_QUANTITY) }, '\u2212'),
      element('output', { class: 'quantity-value' }, String(line.quantity)),
      element('button', { type: 'button', class: 'btn quantity-button', ...disabled(atStock) }, '+'),
      ...(atStock ? [element('span', { class: 'quantity-limit' }, leftInStockText(line.stockQuantity))] : []),
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

const disabled = (off: boolean): Record<string, string> => (off ? { disabled: '' } : {});

/** SubstitutionChoice's first render: the stored choice, and for a specific one its select waiting for the list. */
function substitutionChoice(element: ElementMaker, line: CartItem): HTMLElement {
  const choice = line.substitution?.choice ?? 'BEST_MATCH';
  const option = (value: string, text: string, selected: boolean, attributes: Record<string, string> = {}) =>
    element('option', { value, ...attributes, ...(selected ? { selected: '' } : {}) }, text);
  const current = choice === 'SPECIFIC' ? (line.substitution?.substitute?.uuid ?? '') : '';
  return element(
    'div',
    { class: 'cart-line-substitution' },
    element(
      'label',
      null,
      element('span', null, 'If out of stock'),
      element('select', null, ...Object.entries(SUBSTITUTION_LABELS).map(([value, text]) => option(value, text, value === choice))),
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
              option('', SUBSTITUTES_LOADING, !current, { disabled: '' }),
              // The remembered replacement stays selectable as chosen until the list loads.
              ...(current ? [option(current, line.substitution?.substitute?.name ?? '', true)] : []),
            ),
          ),
        ]
      : []),
  );
}

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { makeStore, routePatterns, type Product } from '@grocer/shared';
import { jsonLd, mockFetch, pageHead, renderWithProviders, type FetchMock, type MockHandler } from '@grocer/shared/testing';
import { makeProduct, makeUser } from '../../testing/fixtures.ts';
import { LocationDisplay } from '../../testing/LocationDisplay.tsx';
import ProductPage, { loadPageData } from './ProductPage.tsx';

const milk = makeProduct({
  name: 'Prairie Farms Whole Milk, 1 gal',
  image: '/images/products/milk.3f2a.svg',
});
const store = (publicId: string, name: string) => ({ uuid: `store-${publicId}`, name, publicId });
const offer = (publicId: string, name: string, price_cents: number, label: string, overrides: Partial<Product> = {}) =>
  makeProduct({
    ...milk,
    uuid: `p-milk-${publicId}`,
    price_cents,
    unitPrice: { tenthCents: 0, unit: 'fl oz', label },
    storeUuid: `store-${publicId}`,
    store: store(publicId, name),
    ...overrides,
  });
const offers = [offer('corner-grocer', 'Corner Grocer', 329, '$0.03/fl oz'), offer('lakeview', 'Lakeview Fresh', 399, '$0.03/fl oz')];
const springfield = { streetName: '1 Elm St', apartmentName: '', city: 'Springfield', state: 'IL', zip: '62701' };

let net: FetchMock;
afterEach(() => net.restore());

function mockProduct(routes: Record<string, MockHandler> = {}) {
  net = mockFetch({
    'GET /open/product/p-milk': () => ({ body: { product: milk } }),
    'GET /open/product/p-milk/also-at': () => ({ body: { offers } }),
    ...routes,
  });
}

function renderProduct(route = '/store/fresh-mart/product/p-milk', options: Parameters<typeof renderWithProviders>[1] = {}) {
  return renderWithProviders(
    <>
      <ProductPage />
      <LocationDisplay />
    </>,
    { route, path: routePatterns.product, ...options },
  );
}

const alsoAt = () => screen.getByRole('region', { name: 'Also at' });
const alsoAtShown = () => screen.findByRole('region', { name: 'Also at' });

describe('ProductPage', () => {
  it('says it is loading until the product arrives', async () => {
    let answer: ((value: { body: unknown }) => void) | undefined;
    mockProduct({ 'GET /open/product/p-milk': () => new Promise((resolve) => (answer = resolve)) });
    renderProduct();
    expect(screen.getByText('Loading product', { selector: '[role="status"]' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Loading product…');
    await waitFor(() => expect(answer).toBeDefined());
    act(() => answer?.({ body: { product: milk } }));
    expect(await screen.findByRole('heading', { level: 1, name: milk.name })).toBeInTheDocument();
  });

  it('shows the picture large, name, brand, size, price, unit price, stock, category and store, with breadcrumbs and a title', async () => {
    mockProduct();
    const { container } = renderProduct();
    expect(await screen.findByRole('heading', { level: 1, name: 'Prairie Farms Whole Milk, 1 gal' })).toBeInTheDocument();
    const img = container.querySelector('.product-media img');
    expect(img).toHaveAttribute('src', 'http://localhost:4000/images/products/milk.3f2a.svg');
    expect(img).toHaveAttribute('width', '400');
    expect(img).toHaveAttribute('height', '400');
    expect(screen.getByText('$3.49', { selector: '.product-price' })).toBeInTheDocument();
    expect(screen.getByText('$0.03/fl oz', { selector: '.product-unit-price' })).toBeInTheDocument();
    const facts = container.querySelector('.product-facts') as HTMLElement;
    expect(within(facts).getByText('Prairie Farms')).toBeInTheDocument();
    expect(within(facts).getByText('1 gal')).toBeInTheDocument();
    expect(within(facts).getByText('In stock')).toBeInTheDocument();
    expect(within(facts).getByRole('link', { name: 'Dairy' })).toHaveAttribute('href', '/store/fresh-mart/category/cat-dairy');
    expect(within(facts).getByRole('link', { name: 'Fresh Mart' })).toHaveAttribute('href', '/store/fresh-mart');

    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(
      within(crumbs)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Home', '/'],
      ['Fresh Mart', '/store/fresh-mart'],
      ['Dairy', '/store/fresh-mart/category/cat-dairy'],
    ]);
    expect(within(crumbs).getByText(milk.name)).toHaveAttribute('aria-current', 'page');
    expect(document.title).toBe('Prairie Farms Whole Milk, 1 gal | Grocer');
    expect(screen.getByRole('button', { name: `Add ${milk.name} to favorites` })).toHaveAttribute('title', 'Sign in to add favorites');
  });

  it('labels what the product is (gluten-free, kosher…) in words beside its price', async () => {
    mockProduct({ 'GET /open/product/p-milk': () => ({ body: { product: { ...milk, dietary: ['gluten-free', 'kosher'] } } }) });
    const { container } = renderProduct();
    const badges = await screen.findByRole('list', { name: 'Dietary' });
    expect(
      within(badges)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Gluten-free', 'Kosher']);
    expect(container.querySelector('.product-details')).toContainElement(badges);
  });

  it('adds the quantity the stepper chose, then the stepper changes the cart line', async () => {
    jest.useFakeTimers();
    try {
      mockProduct();
      const { store } = renderProduct();
      const stepper = await screen.findByRole('group', { name: `Quantity of ${milk.name}` });
      const decrease = within(stepper).getByRole('button', { name: 'Decrease quantity' });
      expect(decrease).toBeDisabled();
      fireEvent.click(within(stepper).getByRole('button', { name: 'Increase quantity' }));
      fireEvent.click(within(stepper).getByRole('button', { name: 'Increase quantity' }));
      expect(within(stepper).getByText('3')).toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
      expect(screen.getByRole('button', { name: 'Adding...' })).toBeInTheDocument();
      expect(store.getState().cart.items.map((item) => [item.uuid, item.quantity])).toEqual([['p-milk', 3]]);
      act(() => jest.advanceTimersByTime(2300));
      expect(screen.getByRole('button', { name: 'In Cart' })).toBeInTheDocument();

      const inCart = screen.getByRole('group', { name: `Quantity of ${milk.name} in your cart` });
      fireEvent.click(within(inCart).getByRole('button', { name: 'Decrease quantity' }));
      expect(store.getState().cart.items[0]?.quantity).toBe(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it('stops the stepper at the stock the API reports, before and after adding', async () => {
    mockProduct({ 'GET /open/product/p-milk': () => ({ body: { product: { ...milk, stockQuantity: 2 } } }) });
    const { store } = renderProduct();
    const stepper = await screen.findByRole('group', { name: `Quantity of ${milk.name}` });
    const increase = within(stepper).getByRole('button', { name: 'Increase quantity' });
    fireEvent.click(increase);
    expect(increase).toBeDisabled();
    expect(screen.getByText('Only 2 left')).toBeInTheDocument();
    fireEvent.click(increase);
    expect(within(stepper).getByText('2')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(store.getState().cart.items.map((item) => [item.uuid, item.quantity])).toEqual([['p-milk', 2]]);
    const inCart = screen.getByRole('group', { name: `Quantity of ${milk.name} in your cart` });
    expect(within(inCart).getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
  });

  it('lists the other stores cheapest first with prices and unit prices, each linking to its product page', async () => {
    mockProduct();
    renderProduct();
    await waitFor(() => expect(within(alsoAt()).getAllByRole('listitem')).toHaveLength(2));
    const [first, second] = within(alsoAt()).getAllByRole('listitem');
    expect(first).toHaveTextContent('Corner Grocer$3.29$0.03/fl oz');
    expect(second).toHaveTextContent('Lakeview Fresh$3.99$0.03/fl oz');
    const link = within(first!).getByRole('link', { name: 'Corner Grocer' });
    expect(link).toHaveAttribute('href', '/store/corner-grocer/product/p-milk-corner-grocer');
    // Visitors get no fees: there is no address to measure from.
    expect(net.calls.some((call) => call.url.pathname === '/delivery-fees')).toBe(false);
  });

  it('shows each store’s distance and delivery fee for a signed-in shopper with a complete address', async () => {
    mockProduct({
      'POST /delivery-fees': () => ({
        body: {
          totalDeliveryFee: 27,
          deliveryFees: {
            'store-fresh-mart': { storeName: 'Fresh Mart', distance: 1, deliveryFee: 7.5 },
            'store-corner-grocer': { storeName: 'Corner Grocer', distance: 1.2, deliveryFee: 9 },
            'store-lakeview': { storeName: 'Lakeview Fresh', distance: 1.4, deliveryFee: 10.5 },
          },
        },
      }),
    });
    renderProduct(undefined, { preloadedState: { session: { user: makeUser({ address: springfield, hasValidAddress: true }) } } });
    expect(await within(await alsoAtShown()).findByText('1.2 mi · Delivery $9.00')).toBeInTheDocument();
    expect(within(alsoAt()).getByText('1.4 mi · Delivery $10.50')).toBeInTheDocument();
    expect(screen.getByText('$7.50 (1.0 mi)')).toBeInTheDocument();
    const call = net.calls.find((c) => c.url.pathname === '/delivery-fees');
    expect(call?.body).toEqual({ storeUuids: ['store-corner-grocer', 'store-fresh-mart', 'store-lakeview'], ...springfield });
    expect(call?.headers.get('authorization')).toMatch(/^Bearer /);
  });

  it('asks for no fees when the signed-in shopper has no complete address', async () => {
    mockProduct();
    renderProduct(undefined, { preloadedState: { session: { user: makeUser({ address: { ...springfield, zip: '' } }) } } });
    await waitFor(() => expect(within(alsoAt()).getAllByRole('listitem')).toHaveLength(2));
    expect(net.calls.some((call) => call.url.pathname === '/delivery-fees')).toBe(false);
    expect(screen.queryByText(/ mi/)).not.toBeInTheDocument();
  });

  it('says when no other store sells the item', async () => {
    mockProduct({ 'GET /open/product/p-milk/also-at': () => ({ body: { offers: [] } }) });
    renderProduct();
    expect(await within(await alsoAtShown()).findByText('No other store sells this item right now.')).toBeInTheDocument();
  });

  it('out of stock: no Add to Cart, "Out of stock", and the other stores that have it', async () => {
    mockProduct({
      'GET /open/product/p-milk': () => ({ body: { product: { ...milk, stockStatus: 'OUT_OF_STOCK' } } }),
      'GET /open/product/p-milk/also-at': () => ({
        body: { offers: [offers[0], offer('lakeview', 'Lakeview Fresh', 399, '$0.03/fl oz', { stockStatus: 'OUT_OF_STOCK' })] },
      }),
    });
    renderProduct();
    expect(await screen.findByRole('link', { name: 'In stock at 1 other store' })).toHaveAttribute('href', '#also-at');
    expect(screen.queryByRole('button', { name: /cart/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: /Quantity/ })).not.toBeInTheDocument();
    expect(screen.getByText('Out of stock', { selector: '.product-facts dd' })).toBeInTheDocument();
    const [, lakeview] = within(alsoAt()).getAllByRole('listitem');
    expect(lakeview).toHaveTextContent('Out of stock');
  });

  it('unknown or inactive product: a not-found state inside the layout with a way back', async () => {
    mockProduct({
      'GET /open/product/nope': () => ({
        status: 404,
        body: { success: false, message: 'Product not found', error: { code: 'NOT_FOUND' } },
      }),
    });
    renderProduct('/store/fresh-mart/product/nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'Product not found' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: "We couldn't find this product" })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the store' })).toHaveAttribute('href', '/store/fresh-mart');
    expect(screen.getByRole('link', { name: 'Browse all stores' })).toHaveAttribute('href', '/');
    expect(document.title).toBe('Product not found | Grocer');
    expect(net.calls.some((call) => call.url.pathname.endsWith('/also-at'))).toBe(false);
  });

  it('shows the error with a retry when the product cannot be fetched', async () => {
    let fail = true;
    mockProduct({ 'GET /open/product/p-milk': () => (fail ? { status: 500, body: null } : { body: { product: milk } }) });
    renderProduct();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch product');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: milk.name })).toBeInTheDocument();
  });

  it('a link naming another store lands on the product’s own store page', async () => {
    mockProduct();
    renderProduct('/store/elsewhere/product/p-milk');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/store/fresh-mart/product/p-milk'));
    expect(await screen.findByRole('heading', { level: 1, name: milk.name })).toBeInTheDocument();
  });

  it('loadPageData reads the product and its other stores, so the page renders both at once', async () => {
    mockProduct();
    const store = makeStore();
    await loadPageData({ params: { pathName: 'fresh-mart', productUuid: 'p-milk' }, search: new URLSearchParams() }, store.dispatch);
    expect(net.calls.map((call) => call.url.pathname).sort()).toEqual(['/open/product/p-milk', '/open/product/p-milk/also-at']);

    renderProduct(undefined, { store });
    expect(screen.getByRole('heading', { level: 1, name: milk.name })).toBeInTheDocument();
    expect(within(alsoAt()).getAllByRole('listitem')).toHaveLength(2);
    expect(net.calls).toHaveLength(2);
  });
});

describe('ProductPage head', () => {
  it('names the product, its store and price in the head, with its canonical URL', async () => {
    mockProduct();
    renderProduct('/store/fresh-mart/product/p-milk?utm_source=mail');
    await screen.findByRole('heading', { level: 1, name: milk.name });
    expect(pageHead()).toEqual({
      title: 'Prairie Farms Whole Milk, 1 gal | Grocer',
      description: 'Prairie Farms Whole Milk, 1 gal by Prairie Farms at Fresh Mart: $3.49 ($0.03/fl oz). In stock, delivered by Grocer.',
      canonical: `${window.location.origin}/store/fresh-mart/product/p-milk`,
      robots: undefined,
    });
  });

  it('describes the product as a schema.org Product with an Offer: dollars, USD, stock and the store as seller', async () => {
    mockProduct();
    const { container } = renderProduct();
    await screen.findByRole('heading', { level: 1, name: milk.name });
    const origin = window.location.origin;
    expect(jsonLd(container)).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: milk.name,
        image: 'http://localhost:4000/images/products/milk.3f2a.svg',
        brand: { '@type': 'Brand', name: 'Prairie Farms' },
        category: 'Dairy',
        url: `${origin}/store/fresh-mart/product/p-milk`,
        offers: {
          '@type': 'Offer',
          url: `${origin}/store/fresh-mart/product/p-milk`,
          price: '3.49',
          priceCurrency: 'USD',
          availability: 'https://schema.org/InStock',
          seller: { '@type': 'GroceryStore', name: 'Fresh Mart', url: `${origin}/store/fresh-mart` },
        },
      },
    ]);
  });

  it('says out of stock, and writes "<" so that no product name can end the script', async () => {
    const name = 'Milk </script><script>alert(1)</script>';
    mockProduct({
      'GET /open/product/p-milk': () => ({
        body: { product: { ...milk, name, price_cents: 1200, stockStatus: 'OUT_OF_STOCK', stockQuantity: 0 } },
      }),
    });
    const { container } = renderProduct();
    await screen.findByRole('heading', { level: 1, name });
    const script = container.querySelector('script[type="application/ld+json"]')!;
    expect(script.innerHTML).not.toContain('<');
    expect(script.innerHTML).toContain('\\u003c/script>');
    const [data] = jsonLd(container) as [{ name: string; offers: { price: string; availability: string } }];
    expect(data.name).toBe(name);
    expect(data.offers).toMatchObject({ price: '12.00', availability: 'https://schema.org/OutOfStock' });
    expect(document.title).toBe(`${name} | Grocer`);
  });

  it('keeps a missing product out of search engines', async () => {
    mockProduct({ 'GET /open/product/p-milk': () => ({ status: 404, body: { message: 'Product not found' } }) });
    const { container } = renderProduct();
    await screen.findByRole('heading', { level: 1, name: 'Product not found' });
    expect(pageHead()).toMatchObject({ title: 'Product not found | Grocer', robots: 'noindex', canonical: undefined });
    expect(jsonLd(container)).toEqual([]);
  });
});

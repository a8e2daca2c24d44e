import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { makeStore as makeAppStore, routePatterns } from '@grocer/shared';
import { jsonLd, makeUser, mockFetch, pageHead, renderWithProviders, type FetchMock, type MockRequest } from '@grocer/shared/testing';
import { makeCategory, makeProducts, makeStore, paginated } from '../../testing/fixtures.ts';
import { LocationDisplay } from '../../testing/LocationDisplay.tsx';
import StorePage, { loadPageData } from './StorePage.tsx';

const store = makeStore();
const categories = [makeCategory(), makeCategory({ id: 2, uuid: 'cat-bakery', name: 'Bakery', productCount: 7 })];
let net: FetchMock;

function mockCatalogue(extra: Parameters<typeof mockFetch>[0] = {}) {
  net = mockFetch({
    'GET /open/store/fresh-mart': () => ({ body: store }),
    'GET /open/categories': () => ({ body: categories }),
    'GET /open/products/fresh-mart/paginated': ({ url }) => {
      const page = Number(url.searchParams.get('page'));
      return {
        body: paginated(makeProducts(page === 2 ? 3 : 20, page === 2 ? 21 : 1), { currentPage: page, totalPages: 2, totalItems: 23 }),
      };
    },
    ...extra,
  });
}

const requestsTo = (path: string): MockRequest[] => net.calls.filter((call) => call.url.pathname === path);
const location = () => screen.getByTestId('location').textContent;

function renderStore(route = '/store/fresh-mart', path: string = routePatterns.store) {
  return renderWithProviders(
    <>
      <StorePage />
      <LocationDisplay />
    </>,
    { route, path },
  );
}

afterEach(() => net.restore());

describe('StorePage', () => {
  it('shows the store, its categories with counts and the first page of products from the API', async () => {
    mockCatalogue();
    renderStore();
    expect(await screen.findByRole('heading', { level: 1, name: 'Fresh Mart' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Product 1' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(20);
    expect(screen.getByText('Showing 1–20 of 23 products')).toBeInTheDocument();
    expect(screen.getByText('1 Main St, Springfield, IL 62701')).toBeInTheDocument();
    expect(screen.getByText('8:00 AM - 10:00 PM')).toBeInTheDocument();

    const nav = screen.getByRole('navigation', { name: 'Categories' });
    expect(within(nav).getByRole('link', { name: 'Dairy 42 products' })).toHaveAttribute('href', '/store/fresh-mart/category/cat-dairy');
    expect(within(nav).getByRole('link', { name: 'All Products' })).toHaveAttribute('aria-current', 'page');

    const [request] = requestsTo('/open/products/fresh-mart/paginated');
    expect(Object.fromEntries(request!.url.searchParams)).toEqual({ page: '1', limit: '20', sort: 'name', order: 'asc' });
    expect(requestsTo('/open/categories')[0]?.url.searchParams.get('storeId')).toBe('fresh-mart');
  });

  it('does not repeat "Available at" this store on every card, and links each card to its product page', async () => {
    mockCatalogue();
    renderStore();
    expect(await screen.findByRole('heading', { name: 'Product 1' })).toBeInTheDocument();
    expect(screen.queryByText(/Available at/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Product 1' })).toHaveAttribute('href', '/store/fresh-mart/product/p-1');
  });

  it("fetches the first products' pictures first, and the store's logo, never the largest paint, at low priority", async () => {
    mockCatalogue();
    renderStore();
    const banner = (await screen.findByRole('heading', { level: 1, name: 'Fresh Mart' })).closest('header')!;
    const logo = banner.querySelector('img');
    expect(logo).toHaveAttribute('src', expect.stringMatching(/\/images\/stores\/fresh-mart\.png$/));
    // Low, and not lazy: React's server render preloads neither, and the browser still fetches it at once.
    expect(logo).toHaveAttribute('fetchpriority', 'low');
    expect(logo).not.toHaveAttribute('loading', 'lazy');
    const [first] = await screen.findAllByRole('article');
    expect(first!.querySelector('img')).toHaveAttribute('fetchpriority', 'high');
  });

  it('pages through the URL', async () => {
    mockCatalogue();
    renderStore();
    fireEvent.click(await screen.findByRole('button', { name: 'Next page' }));
    expect(location()).toBe('/store/fresh-mart?page=2');
    expect(await screen.findByRole('heading', { name: 'Product 21' })).toBeInTheDocument();
    expect(screen.getByText('Showing 21–23 of 23 products')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });

  it('maps the sort selector to the URL and the request', async () => {
    mockCatalogue();
    renderStore('/store/fresh-mart?page=2');
    const select = await screen.findByRole('combobox', { name: 'Sort by' });
    expect(select).toHaveValue('name-asc');
    fireEvent.change(select, { target: { value: 'price-desc' } });
    expect(location()).toBe('/store/fresh-mart?sort=price&order=desc');
    expect(select).toHaveValue('price-desc');
    await waitFor(() =>
      expect(requestsTo('/open/products/fresh-mart/paginated').at(-1)?.url.search).toBe('?page=1&limit=20&sort=price&order=desc'),
    );
  });

  it('shows the category name and count in the heading of the category variant', async () => {
    mockCatalogue({
      'GET /open/products/fresh-mart/cat-dairy/paginated': () => ({
        body: { categoryUuid: 'cat-dairy', categoryName: 'Dairy', ...paginated(makeProducts(20), { totalPages: 3, totalItems: 42 }) },
      }),
    });
    renderStore('/store/fresh-mart/category/cat-dairy', routePatterns.storeCategory);
    expect(await screen.findByRole('heading', { level: 2, name: 'Dairy (42 products)' })).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Product 1' });
    const nav = screen.getByRole('navigation', { name: 'Categories' });
    expect(within(nav).getByRole('link', { name: 'Dairy 42 products' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('HomeFresh MartDairy');
  });

  it('searches the store with q through the store search endpoint', async () => {
    mockCatalogue({ 'GET /open/products/search/paginated': () => ({ body: paginated(makeProducts(2)) }) });
    renderStore();
    await screen.findByRole('heading', { name: 'Product 1' });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search this store' }), { target: { value: ' milk ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(location()).toBe('/store/fresh-mart?q=milk');
    expect(await screen.findByRole('heading', { level: 2, name: 'Results for "milk"' })).toBeInTheDocument();
    const [request] = requestsTo('/open/products/search/paginated');
    expect(Object.fromEntries(request!.url.searchParams)).toEqual({
      query: 'milk',
      storeId: 'fresh-mart',
      page: '1',
      limit: '20',
      sort: 'name',
      order: 'asc',
    });
    fireEvent.click(screen.getByRole('link', { name: 'Clear search' }));
    expect(location()).toBe('/store/fresh-mart');
  });

  it('shows a not-found state for an unknown store', async () => {
    net = mockFetch({
      'GET /open/store/nowhere': () => ({
        status: 404,
        body: { success: false, message: 'Store not found', error: { code: 'NOT_FOUND', message: 'Store not found' } },
      }),
    });
    renderStore('/store/nowhere');
    expect(await screen.findByRole('heading', { level: 1, name: 'Store not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse all stores' })).toHaveAttribute('href', '/');
  });

  it('says which request failed', async () => {
    const fail = () => ({ status: 500, body: { success: false, message: 'boom', error: { code: 'X', message: 'boom' } } });
    net = mockFetch({ 'GET /open/store/fresh-mart': fail, 'GET /open/categories': fail, 'GET /open/products/fresh-mart/paginated': fail });
    renderStore();
    expect(await screen.findByText('Failed to fetch store')).toBeInTheDocument();
    expect(await screen.findByText('Failed to fetch categories')).toBeInTheDocument();
    expect(await screen.findByText('Failed to fetch paginated products')).toBeInTheDocument();
  });

  it('says when the category products fail', async () => {
    mockCatalogue({ 'GET /open/products/fresh-mart/cat-dairy/paginated': () => ({ status: 500, body: null }) });
    renderStore('/store/fresh-mart/category/cat-dairy', routePatterns.storeCategory);
    expect(await screen.findByText('Failed to fetch paginated category products')).toBeInTheDocument();
  });

  it('says when the store search fails', async () => {
    mockCatalogue({ 'GET /open/products/search/paginated': () => ({ status: 500, body: null }) });
    renderStore('/store/fresh-mart?q=milk');
    expect(await screen.findByText('Failed to search paginated products')).toBeInTheDocument();
  });

  it('says a page past the end has nothing on it and links to the last page', async () => {
    mockCatalogue({
      'GET /open/products/fresh-mart/paginated': () => ({ body: paginated([], { currentPage: 999, totalPages: 2, totalItems: 23 }) }),
    });
    renderStore('/store/fresh-mart?page=999');
    expect(await screen.findByRole('heading', { name: 'Nothing on page 999' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'No products found' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: 'Go to the last page (2)' }));
    expect(location()).toBe('/store/fresh-mart?page=2');
  });

  it('filters the listing by availability and price through the URL, with counts', async () => {
    mockCatalogue({
      'GET /open/products/facets': () => ({
        body: {
          facets: {
            categories: [],
            stores: [],
            inStock: 21,
            prices: [
              { min: 0, max: 199, count: 4 },
              { min: 200, max: 499, count: 19 },
              { min: 500, max: 999, count: 0 },
              { min: 1000, max: 1999, count: 0 },
              { min: 2000, count: 0 },
            ],
          },
        },
      }),
    });
    renderStore('/store/fresh-mart?sort=price');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'In stock only 21' }));
    expect(location()).toBe('/store/fresh-mart?sort=price&inStock=1');
    fireEvent.click(await screen.findByRole('link', { name: 'Under $2.00 4' }));
    expect(location()).toBe('/store/fresh-mart?sort=price&inStock=1&minPrice=0&maxPrice=199');
    await waitFor(() => expect(requestsTo('/open/products/fresh-mart/paginated').at(-1)!.url.searchParams.get('maxPrice')).toBe('199'));
    expect(Object.fromEntries(requestsTo('/open/products/fresh-mart/paginated').at(-1)!.url.searchParams)).toMatchObject({
      inStock: 'true',
      minPrice: '0',
      maxPrice: '199',
      sort: 'price',
    });
    const facets = requestsTo('/open/products/facets').at(-1)!.url.searchParams;
    expect(Object.fromEntries(facets)).toEqual({ storeId: 'fresh-mart', inStock: 'true', minPrice: '0', maxPrice: '199' });
  });

  it('filters a category listing by dietary attributes through the URL, keeping the category, and asks the API for them', async () => {
    mockCatalogue({
      'GET /open/products/facets': () => ({
        body: {
          facets: {
            categories: [],
            stores: [],
            inStock: 21,
            prices: [],
            dietary: [
              { attribute: 'gluten-free', count: 6 },
              { attribute: 'vegan', count: 3 },
            ],
          },
        },
      }),
    });
    renderStore('/store/fresh-mart/category/cat-dairy?inStock=1', routePatterns.storeCategory);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Gluten-free 6' }));
    expect(location()).toBe('/store/fresh-mart/category/cat-dairy?inStock=1&dietary=gluten-free');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Vegan 3' }));
    expect(location()).toBe('/store/fresh-mart/category/cat-dairy?inStock=1&dietary=gluten-free%2Cvegan');
    const listing = '/open/products/fresh-mart/cat-dairy/paginated';
    await waitFor(() => expect(requestsTo(listing).at(-1)!.url.searchParams.get('dietary')).toBe('gluten-free,vegan'));
    await waitFor(() => expect(requestsTo('/open/products/facets').at(-1)!.url.searchParams.get('dietary')).toBe('gluten-free,vegan'));
  });
});

describe('StorePage delivery fee in the banner', () => {
  const address = { streetName: '1 Main St', apartmentName: '', city: 'Chicago', state: 'IL', zip: '60606' };
  const renderAs = (user: ReturnType<typeof makeUser> | null) =>
    renderWithProviders(<StorePage />, { route: '/store/fresh-mart', path: routePatterns.store, preloadedState: { session: { user } } });

  it("shows a shopper with a complete address the store's distance and delivery fee", async () => {
    mockCatalogue({
      'POST /delivery-fees': () => ({
        body: { totalDeliveryFee: 15, deliveryFees: { [store.uuid]: { storeName: store.name, distance: 2, deliveryFee: 15 } } },
      }),
    });
    renderAs(makeUser({ address }));
    expect(await screen.findByText('2.0 mi away · Delivery fee $15.00')).toBeInTheDocument();
    expect(screen.getByText('Delivery')).toBeInTheDocument();
    expect(requestsTo('/delivery-fees')[0]!.body).toEqual({ storeUuids: [store.uuid], ...address });
  });

  it('shows a visitor nothing new and asks for no fee', async () => {
    mockCatalogue();
    renderAs(null);
    expect(await screen.findByRole('heading', { level: 1, name: 'Fresh Mart' })).toBeInTheDocument();
    expect(screen.queryByText('Delivery')).not.toBeInTheDocument();
    expect(requestsTo('/delivery-fees')).toHaveLength(0);
  });

  it('loadPageData asks for what its first render shows: a page rendered after it has its products at once and asks nothing again', async () => {
    mockCatalogue({
      'GET /open/store-rules': () => ({ body: [] }),
      'GET /open/products/facets': () => ({ body: { facets: { categories: [], stores: [], inStock: 23, prices: [] } } }),
    });
    const appStore = makeAppStore();
    await loadPageData({ params: { pathName: 'fresh-mart' }, search: new URLSearchParams() }, appStore.dispatch);
    const asked = net.calls.map((call) => call.url.pathname).sort();
    expect(asked).toEqual([
      '/open/categories',
      '/open/products/facets',
      '/open/products/fresh-mart/paginated',
      '/open/store-rules',
      '/open/store/fresh-mart',
    ]);

    renderWithProviders(<StorePage />, { route: '/store/fresh-mart', path: routePatterns.store, store: appStore });
    // No loading render first: the products are in the page's very first render.
    expect(screen.getByRole('heading', { level: 1, name: 'Fresh Mart' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(20);
    expect(screen.queryByText('Loading products')).not.toBeInTheDocument();
    expect(net.calls).toHaveLength(asked.length);
  });

  it("loadPageData of a category reads that category's products", async () => {
    mockCatalogue({
      'GET /open/products/fresh-mart/cat-bakery/paginated': () => ({ body: { ...paginated(makeProducts(7)), categoryName: 'Bakery' } }),
    });
    const appStore = makeAppStore();
    await loadPageData(
      { params: { pathName: 'fresh-mart', categoryUuid: 'cat-bakery' }, search: new URLSearchParams() },
      appStore.dispatch,
    );
    expect(requestsTo('/open/products/fresh-mart/cat-bakery/paginated')).toHaveLength(1);
    expect(requestsTo('/open/products/fresh-mart/paginated')).toHaveLength(0);

    renderWithProviders(<StorePage />, {
      route: '/store/fresh-mart/category/cat-bakery',
      path: routePatterns.storeCategory,
      store: appStore,
    });
    expect(screen.getAllByRole('article')).toHaveLength(7);
  });
});

describe('StorePage head', () => {
  const rules = {
    storeUuid: store.uuid,
    storeName: store.name,
    timeZone: 'America/Chicago',
    minOrderCents: 0,
    deliveryRadiusMiles: 10,
    hours: [
      { weekday: 1, opensMinute: 420, closesMinute: 1320 },
      { weekday: 6, opensMinute: 480, closesMinute: 1440 },
    ],
  };

  it('names the store and its address, with a canonical URL keeping only what is not a default', async () => {
    mockCatalogue();
    renderStore('/store/fresh-mart?order=asc&page=2&sort=price&inStock=true&utm_source=x');
    await screen.findByRole('heading', { name: 'Product 21' });
    expect(pageHead()).toEqual({
      title: 'Fresh Mart (page 2) | Grocer',
      description: 'Shop Fresh Mart (1 Main St, Springfield, IL 62701) on Grocer: 23 products, delivered to your door.',
      canonical: `${window.location.origin}/store/fresh-mart?page=2&sort=price&inStock=1`,
    });
  });

  it('names the category on a category page, whose canonical URL leaves out page 1 and the default sort', async () => {
    mockCatalogue({
      'GET /open/products/fresh-mart/cat-dairy/paginated': () => ({
        body: { categoryUuid: 'cat-dairy', categoryName: 'Dairy', ...paginated(makeProducts(20), { totalPages: 3, totalItems: 42 }) },
      }),
    });
    renderStore('/store/fresh-mart/category/cat-dairy?page=1&sort=name&order=asc', routePatterns.storeCategory);
    await screen.findByRole('heading', { name: 'Product 1' });
    expect(pageHead()).toEqual({
      title: 'Dairy at Fresh Mart | Grocer',
      description: 'Dairy from Fresh Mart (1 Main St, Springfield, IL 62701): 42 products, delivered by Grocer.',
      canonical: `${window.location.origin}/store/fresh-mart/category/cat-dairy`,
    });
  });

  it('names a search inside the store', async () => {
    mockCatalogue({ 'GET /open/products/search/paginated': () => ({ body: paginated(makeProducts(2)) }) });
    renderStore('/store/fresh-mart?q=milk');
    await screen.findByRole('heading', { name: 'Product 1' });
    expect(pageHead()).toMatchObject({
      title: 'Results for "milk" at Fresh Mart | Grocer',
      canonical: `${window.location.origin}/store/fresh-mart?q=milk`,
    });
  });

  it('describes the store as a schema.org GroceryStore with its postal address and opening hours', async () => {
    mockCatalogue({ 'GET /open/store-rules': () => ({ body: [rules] }) });
    const { container } = renderStore();
    await screen.findByRole('heading', { name: 'Product 1' });
    await waitFor(() => expect(jsonLd(container)[0]).toHaveProperty('openingHoursSpecification'));
    expect(jsonLd(container)).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'GroceryStore',
        name: 'Fresh Mart',
        url: `${window.location.origin}/store/fresh-mart`,
        image: 'http://localhost:4000/images/stores/fresh-mart.png',
        address: {
          '@type': 'PostalAddress',
          streetAddress: '1 Main St',
          addressLocality: 'Springfield',
          addressRegion: 'IL',
          postalCode: '62701',
          addressCountry: 'US',
        },
        openingHoursSpecification: [
          { '@type': 'OpeningHoursSpecification', dayOfWeek: 'Monday', opens: '07:00', closes: '22:00' },
          { '@type': 'OpeningHoursSpecification', dayOfWeek: 'Saturday', opens: '08:00', closes: '23:59' },
        ],
      },
    ]);
  });

  it('keeps an unknown store out of search engines', async () => {
    mockCatalogue({ 'GET /open/store/fresh-mart': () => ({ status: 404, body: { message: 'Store not found' } }) });
    const { container } = renderStore();
    await screen.findByRole('heading', { level: 1, name: 'Store not found' });
    expect(document.title).toBe('Store not found | Grocer');
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    expect(jsonLd(container)).toEqual([]);
  });
});

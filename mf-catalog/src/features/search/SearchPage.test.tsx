import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { makeStore, routePatterns } from '@grocer/shared';
import { mockFetch, pageHead, renderWithProviders, type FetchMock } from '@grocer/shared/testing';
import { makeProduct, makeProducts, paginated } from '../../testing/fixtures.ts';
import { LocationDisplay } from '../../testing/LocationDisplay.tsx';
import SearchPage, { loadPageData } from './SearchPage.tsx';

const SEARCH = 'GET /open/products/search/global/paginated';
let net: FetchMock | undefined;

function renderSearch(route: string) {
  return renderWithProviders(
    <>
      <SearchPage />
      <LocationDisplay />
    </>,
    { route, path: routePatterns.search },
  );
}
const location = () => screen.getByTestId('location').textContent;
const searches = () => net?.calls.filter((call) => call.url.pathname === '/open/products/search/global/paginated') ?? [];

afterEach(() => {
  net?.restore();
  net = undefined;
});

describe('SearchPage', () => {
  it('without q says so and links home, without calling the API', () => {
    net = mockFetch({});
    renderSearch('/search');
    expect(screen.getByRole('heading', { name: 'No search query provided' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
    expect(net.calls).toHaveLength(0);
  });

  it('summarises the results and says where each product is available', async () => {
    net = mockFetch({
      [SEARCH]: () => ({
        body: paginated(
          [makeProduct(), makeProduct({ uuid: 'p-2', name: 'Oat Milk', store: { uuid: 's2', name: 'Corner Grocer', publicId: 'corner' } })],
          {
            totalPages: 8,
            totalItems: 143,
          },
        ),
      }),
    });
    renderSearch('/search?q=milk');
    expect(await screen.findByText('Showing 1–2 of 143 results for "milk"')).toBeInTheDocument();
    expect(screen.getByText('Available at Fresh Mart')).toBeInTheDocument();
    expect(screen.getByText('Available at Corner Grocer')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Search Results' })).toBeInTheDocument();
    // Best match: no sort and no order go to the API (relevance).
    expect(Object.fromEntries(searches()[0]!.url.searchParams)).toEqual({ query: 'milk', page: '1', limit: '20' });
  });

  it('shows both empty texts when nothing matches', async () => {
    net = mockFetch({ [SEARCH]: () => ({ body: paginated([], { totalPages: 0, totalItems: 0 }) }) });
    renderSearch('/search?q=zzz');
    expect(await screen.findByText('No products found.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'No products found' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Result pages' })).not.toBeInTheDocument();
  });

  it('shows the search error', async () => {
    net = mockFetch({ [SEARCH]: () => ({ status: 500, body: null }) });
    renderSearch('/search?q=milk');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to search products. Please try again.');
  });

  it('ignores a blank search and searches trimmed text', async () => {
    net = mockFetch({ [SEARCH]: () => ({ body: paginated(makeProducts(1)) }) });
    renderSearch('/search');
    const input = screen.getByRole('searchbox', { name: 'Search all stores' });
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(location()).toBe('/search');
    fireEvent.change(input, { target: { value: ' red apples ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(location()).toBe('/search?q=red%20apples');
    expect(await screen.findByText('Showing 1–1 of 1 result for "red apples"')).toBeInTheDocument();
  });

  it('maps the sort selector to the URL and the request, and pages', async () => {
    net = mockFetch({
      [SEARCH]: ({ url }) => ({
        body: paginated(makeProducts(20), { currentPage: Number(url.searchParams.get('page')), totalPages: 3, totalItems: 60 }),
      }),
    });
    renderSearch('/search?q=milk');
    const select = await screen.findByRole('combobox', { name: 'Sort by' });
    expect(select).toHaveValue('relevance');
    fireEvent.change(select, { target: { value: 'name-asc' } });
    expect(location()).toBe('/search?q=milk&sort=name');
    await waitFor(() => expect(searches().at(-1)?.url.search).toBe('?query=milk&page=1&limit=20&sort=name&order=asc'));
    fireEvent.click(await screen.findByRole('button', { name: 'Page 3' }));
    expect(location()).toBe('/search?q=milk&page=3&sort=name');
    fireEvent.change(select, { target: { value: 'relevance' } });
    expect(location()).toBe('/search?q=milk');
  });

  it('offers "Did you mean bananas?" one click away, the empty texts still shown', async () => {
    net = mockFetch({
      [SEARCH]: ({ url }) =>
        url.searchParams.get('query') === 'bannanaas'
          ? { body: { ...paginated([], { totalPages: 0, totalItems: 0 }), didYouMean: 'bananas' } }
          : { body: paginated([makeProduct({ name: 'Bananas, 2 lb' })]) },
    });
    renderSearch('/search?q=bannanaas');
    expect(await screen.findByRole('heading', { name: 'No products found' })).toBeInTheDocument();
    expect(screen.getByText('No products found.')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'bananas' });
    expect(link.closest('p')).toHaveTextContent('Did you mean bananas?');
    fireEvent.click(link);
    expect(location()).toBe('/search?q=bananas');
    expect(await screen.findByRole('heading', { name: 'Bananas, 2 lb' })).toBeInTheDocument();
  });

  it('says "Showing results for chicken" after a corrected search, and searches the words as typed on request', async () => {
    net = mockFetch({
      [SEARCH]: ({ url }) =>
        url.searchParams.get('literal') === 'true'
          ? { body: { ...paginated([], { totalPages: 0, totalItems: 0 }), didYouMean: 'chicken' } }
          : { body: { ...paginated([makeProduct({ name: 'Chicken Thighs, 2 lb' })]), showingResultsFor: 'chicken' } },
    });
    renderSearch('/search?q=chiken&sort=price');
    const link = await screen.findByRole('link', { name: 'Search instead for chiken' });
    const note = link.closest('p')!;
    expect(note).toHaveTextContent('Showing results for chicken. Search instead for chiken');
    expect(within(note).getByText('chicken').tagName).toBe('STRONG');
    // The spec's summary still names what was typed.
    expect(screen.getByText('Showing 1–1 of 1 result for "chiken"')).toBeInTheDocument();
    fireEvent.click(link);
    expect(location()).toBe('/search?q=chiken&sort=price&literal=1');
    await waitFor(() => expect(searches().at(-1)?.url.searchParams.get('literal')).toBe('true'));
    // Nothing matches as typed: the spec's empty texts, with the correction one click away.
    expect(await screen.findByRole('heading', { name: 'No products found' })).toBeInTheDocument();
    expect(screen.getByText('No products found.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'chicken' })).toHaveAttribute('href', '/search?q=chicken&sort=price');
    expect(screen.queryByText(/Showing results for/)).not.toBeInTheDocument();
  });

  it('keeps the words as typed across sorting and paging', async () => {
    net = mockFetch({
      [SEARCH]: () => ({ body: paginated(makeProducts(20), { totalPages: 2, totalItems: 40 }) }),
    });
    renderSearch('/search?q=chiken&literal=1');
    fireEvent.click(await screen.findByRole('button', { name: 'Page 2' }));
    expect(location()).toBe('/search?q=chiken&page=2&literal=1');
    await waitFor(() => expect(searches().at(-1)?.url.searchParams.get('literal')).toBe('true'));
    expect(screen.queryByText(/Search instead for/)).not.toBeInTheDocument();
  });

  it('says a page past the end has nothing on it and links to the last page, not "No products found"', async () => {
    net = mockFetch({ [SEARCH]: () => ({ body: paginated([], { currentPage: 999, totalPages: 8, totalItems: 143 }) }) });
    renderSearch('/search?q=milk&page=999&sort=price');
    expect(await screen.findByRole('heading', { name: 'Nothing on page 999' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'No products found' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the last page (8)' })).toHaveAttribute('href', '/search?q=milk&page=8&sort=price');
  });

  it('shows filters with their counts, writes choices to the URL and sends them, and reads them back on reload', async () => {
    const facets = {
      categories: [{ uuid: '0b5c7f7e-0a53-4b8e-9d55-6f0f1c2b3a4d', name: 'Dairy', count: 30 }],
      stores: [
        { uuid: 's1', publicId: 'fresh-mart', name: 'Fresh Mart', count: 12 },
        { uuid: 's2', publicId: 'corner', name: 'Corner Grocer', count: 9 },
      ],
      inStock: 25,
      prices: [
        { min: 0, max: 199, count: 3 },
        { min: 200, max: 499, count: 20 },
        { min: 500, max: 999, count: 7 },
        { min: 1000, max: 1999, count: 0 },
        { min: 2000, count: 0 },
      ],
    };
    net = mockFetch({
      [SEARCH]: () => ({ body: paginated(makeProducts(3)) }),
      'GET /open/products/facets': () => ({ body: { facets } }),
    });
    const view = renderSearch('/search?q=milk');
    const store = await screen.findByRole('link', { name: 'Fresh Mart 12' });
    expect(screen.getByRole('link', { name: 'Dairy 30' })).toHaveAttribute(
      'href',
      '/search?q=milk&category=0b5c7f7e-0a53-4b8e-9d55-6f0f1c2b3a4d',
    );
    expect(screen.getByRole('link', { name: '$2.00 – $4.99 20' })).toHaveAttribute('href', '/search?q=milk&minPrice=200&maxPrice=499');
    expect(screen.getByRole('link', { name: 'Under $2.00 3' })).toHaveAttribute('href', '/search?q=milk&minPrice=0&maxPrice=199');
    fireEvent.click(store);
    expect(location()).toBe('/search?q=milk&store=fresh-mart');
    fireEvent.click(await screen.findByRole('checkbox', { name: /In stock only/ }));
    expect(location()).toBe('/search?q=milk&store=fresh-mart&inStock=1');
    await waitFor(() => expect(searches().at(-1)!.url.searchParams.get('inStock')).toBe('true'));
    const sent = Object.fromEntries(searches().at(-1)!.url.searchParams);
    expect(sent).toEqual({ query: 'milk', page: '1', limit: '20', storeId: 'fresh-mart', inStock: 'true' });
    expect(screen.getByRole('link', { name: 'Fresh Mart 12' })).toHaveAttribute('aria-current', 'true');

    // A reload (or a shared link) of that URL asks the same question.
    view.unmount();
    net.restore();
    net = mockFetch({ [SEARCH]: () => ({ body: paginated(makeProducts(3)) }), 'GET /open/products/facets': () => ({ body: { facets } }) });
    renderSearch('/search?q=milk&store=fresh-mart&inStock=1');
    await waitFor(() => expect(searches()).toHaveLength(1));
    expect(Object.fromEntries(searches()[0]!.url.searchParams)).toEqual(sent);
    expect(await screen.findByRole('checkbox', { name: /In stock only/ })).toBeChecked();
    fireEvent.click(screen.getByRole('link', { name: 'Clear all' }));
    expect(location()).toBe('/search?q=milk');
  });

  it('loadPageData reads the results and their counts, so the page renders them at once; a blank search reads nothing', async () => {
    net = mockFetch({
      [SEARCH]: () => ({ body: paginated(makeProducts(3)) }),
      'GET /open/products/facets': () => ({ body: { facets: { categories: [], stores: [], inStock: 3, prices: [] } } }),
    });
    const appStore = makeStore();
    await loadPageData({ params: {}, search: new URLSearchParams('q=%20') }, appStore.dispatch);
    expect(net.calls).toHaveLength(0);

    await loadPageData({ params: {}, search: new URLSearchParams('q=milk') }, appStore.dispatch);
    expect(net.calls).toHaveLength(2);
    renderWithProviders(<SearchPage />, { route: '/search?q=milk', path: routePatterns.search, store: appStore });
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(net.calls).toHaveLength(2);
  });
});

describe('SearchPage head', () => {
  it('names the search and its count, with a canonical URL of the query and its non-default choices in a fixed order', async () => {
    net = mockFetch({ [SEARCH]: () => ({ body: paginated(makeProducts(20), { currentPage: 2, totalPages: 8, totalItems: 143 }) }) });
    renderSearch('/search?inStock=1&page=2&q=milk&order=asc&sort=price&utm_campaign=x');
    await screen.findByRole('heading', { name: 'Product 1' });
    expect(pageHead()).toEqual({
      title: 'Search results for "milk" (page 2) | Grocer',
      description: '143 products matching "milk" at Grocer\'s local stores, delivered to your door.',
      canonical: `${window.location.origin}/search?q=milk&page=2&sort=price&inStock=1`,
      robots: undefined,
    });
  });

  it('keeps a blank search out of search engines', () => {
    net = mockFetch({});
    renderSearch('/search');
    expect(pageHead()).toMatchObject({ title: 'Search | Grocer', robots: 'noindex', canonical: undefined });
  });
});

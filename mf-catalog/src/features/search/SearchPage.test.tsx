import { fireEvent, screen, waitFor } from '@testing-library/react';
import { routePatterns } from '@grocer/shared';
import { mockFetch, renderWithProviders, type FetchMock } from '@grocer/shared/testing';
import { makeProduct, makeProducts, paginated } from '../../testing/fixtures.ts';
import { LocationDisplay } from '../../testing/LocationDisplay.tsx';
import SearchPage from './SearchPage.tsx';

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
});

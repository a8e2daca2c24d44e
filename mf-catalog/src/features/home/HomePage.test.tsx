import { fireEvent, screen, within } from '@testing-library/react';
import { makeUser, mockFetch, renderWithProviders, type FetchMock } from '@grocer/shared/testing';
import { makeStore } from '../../testing/fixtures.ts';
import HomePage from './HomePage.tsx';

let net: FetchMock;
const stores = Array.from({ length: 8 }, (_, i) => makeStore({ id: i + 1, publicId: `store-${i + 1}`, name: `Store ${i + 1}` }));

afterEach(() => net.restore());

describe('HomePage', () => {
  it('shows 6 placeholder cards while loading, then the stores paged by 6', async () => {
    net = mockFetch({ 'GET /open/stores': () => ({ body: stores }) });
    const { container } = renderWithProviders(<HomePage />);
    expect(screen.getByRole('heading', { name: 'Our Stores' })).toBeInTheDocument();
    expect(within(screen.getByTestId('store-placeholders')).getAllByRole('listitem', { hidden: true })).toHaveLength(6);

    expect(await screen.findByRole('heading', { name: 'Store 1' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /^Shop Now/ })).toHaveLength(6);
    expect(screen.getByRole('link', { name: 'Shop Now at Store 1' })).toHaveAttribute('href', '/store/store-1');
    expect(screen.getAllByText('1 Main St')).toHaveLength(6);
    expect(screen.getAllByText('Springfield, IL 62701')).toHaveLength(6);
    const logo = container.querySelector('.store-card img');
    expect(logo).toHaveAttribute('src', 'http://localhost:4000/images/stores/store-1.png');
    expect(logo).toHaveAttribute('width', '72');
    expect(logo).toHaveAttribute('height', '72');

    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(screen.getAllByRole('link', { name: /^Shop Now/ })).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'Store 8' })).toBeInTheDocument();
  });

  it("shows a shopper with a complete address each store's distance and delivery fee, from one call", async () => {
    net = mockFetch({
      'GET /open/stores': () => ({ body: stores }),
      'POST /delivery-fees': () => ({
        body: {
          totalDeliveryFee: 33,
          deliveryFees: {
            'store-store-1': { storeName: 'Store 1', distance: 2, deliveryFee: 15 },
            'store-store-2': { storeName: 'Store 2', distance: 2.4, deliveryFee: 18 },
          },
        },
      }),
    });
    const address = { streetName: '1 Main St', apartmentName: '', city: 'Chicago', state: 'IL', zip: '60606' };
    renderWithProviders(<HomePage />, { preloadedState: { session: { user: makeUser({ address }) } } });
    expect(await screen.findByText('2.0 mi away · Delivery fee $15.00')).toBeInTheDocument();
    expect(screen.getByText('2.4 mi away · Delivery fee $18.00')).toBeInTheDocument();
    const calls = net.calls.filter((call) => call.url.pathname === '/delivery-fees');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({ storeUuids: stores.slice(0, 6).map((s) => s.uuid), ...address });
  });

  it('shows visitors and shoppers without a complete address no fees, and asks for none', async () => {
    net = mockFetch({ 'GET /open/stores': () => ({ body: stores }) });
    const { unmount } = renderWithProviders(<HomePage />);
    expect(await screen.findByRole('heading', { name: 'Store 1' })).toBeInTheDocument();
    unmount();
    renderWithProviders(<HomePage />, {
      preloadedState: {
        session: { user: makeUser({ address: { streetName: '', apartmentName: '', city: 'Chicago', state: 'IL', zip: '' } }) },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Store 1' })).toBeInTheDocument();
    expect(screen.queryByText(/Delivery fee/)).not.toBeInTheDocument();
    expect(net.calls.filter((call) => call.url.pathname === '/delivery-fees')).toHaveLength(0);
  });

  it('says when the stores cannot be fetched', async () => {
    net = mockFetch({ 'GET /open/stores': () => ({ status: 500, body: null }) });
    renderWithProviders(<HomePage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch stores');
  });

  it('shows the banner with its heading', () => {
    net = mockFetch({ 'GET /open/stores': () => ({ body: [] }) });
    renderWithProviders(<HomePage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Fresh groceries from your local stores');
  });
});

describe('HomePage head', () => {
  it('has the shop’s description (its title is the document’s own)', () => {
    net = mockFetch({ 'GET /open/stores': () => ({ body: stores }) });
    renderWithProviders(<HomePage />);
    expect(document.head.querySelector('title')).toBeNull();
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      "Shop several local grocery stores in one cart, pay once, get each store's part delivered.",
    );
  });
});

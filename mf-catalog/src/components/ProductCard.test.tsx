import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { events, type EventMap } from '@grocer/shared';
import { mockFetch, renderWithProviders, type FetchMock } from '@grocer/shared/testing';
import { makeProduct, makeUser } from '../testing/fixtures.ts';
import { ProductCard } from './ProductCard.tsx';

const product = makeProduct();
let net: FetchMock | undefined;
let toasts: EventMap['toast:show'][];
let offToast: () => void;

beforeEach(() => {
  toasts = [];
  offToast = events.on('toast:show', (toast) => toasts.push(toast));
});
afterEach(() => {
  offToast();
  net?.restore();
  net = undefined;
  jest.useRealTimers();
});

describe('ProductCard', () => {
  it('shows a sized image, the name, the store and the formatted price', () => {
    const { container } = renderWithProviders(<ProductCard product={product} />);
    expect(screen.getByRole('heading', { name: 'Whole Milk' })).toBeInTheDocument();
    expect(screen.getByText('Available at Fresh Mart')).toBeInTheDocument();
    expect(screen.getByText('$3.49')).toBeInTheDocument();
    const img = container.querySelector('img');
    expect(img).toHaveAttribute('src', 'http://localhost:4000/images/products/p-milk.jpg');
    expect(img).toHaveAttribute('width', '240');
    expect(img).toHaveAttribute('height', '240');
    expect(img).toHaveAttribute('loading', 'lazy');
  });

  it('labels what the product is in words, as a list, and shows none when it is nothing of the kind', () => {
    renderWithProviders(<ProductCard product={{ ...product, dietary: ['gluten-free', 'organic'] }} />);
    const badges = screen.getByRole('list', { name: 'Dietary' });
    expect(
      within(badges)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Gluten-free', 'Organic']);
    // Before Add to Cart, so the card's action stays at its foot.
    expect(
      badges.compareDocumentPosition(screen.getByRole('button', { name: /Add to Cart/ })) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('shows no dietary list for a product that carries none', () => {
    renderWithProviders(<ProductCard product={{ ...product, dietary: [] }} />);
    expect(screen.queryByRole('list', { name: 'Dietary' })).toBeNull();
  });

  it('shows the unit price beside the price', () => {
    renderWithProviders(<ProductCard product={product} />);
    expect(screen.getByText('$3.49').closest('p')).toHaveTextContent('$3.49 $0.03/fl oz');
    expect(screen.getByText('$0.03/fl oz')).toHaveClass('product-card-unit');
  });

  it('links the picture and the name to the product page; only the name is in the tab order', () => {
    const { container } = renderWithProviders(<ProductCard product={product} />);
    const name = screen.getByRole('link', { name: 'Whole Milk' });
    expect(name).toHaveAttribute('href', '/store/fresh-mart/product/p-milk');
    const pictureLink = container.querySelector('img')!.closest('a');
    expect(pictureLink).toHaveAttribute('href', '/store/fresh-mart/product/p-milk');
    expect(pictureLink).toHaveAttribute('tabindex', '-1');
    expect(screen.getAllByRole('link')).toEqual([name]);
  });

  it('links nowhere for a product of an unknown store (no publicId)', () => {
    renderWithProviders(<ProductCard product={makeProduct({ store: { uuid: 'gone', name: 'Unknown Store' } })} />);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Whole Milk' })).toBeInTheDocument();
  });

  it('leaves out the store line when the list is one store’s own', () => {
    renderWithProviders(<ProductCard product={product} showStore={false} />);
    expect(screen.queryByText(/Available at/)).not.toBeInTheDocument();
  });

  it('loads the image as asked: first (eagerly, fetched before other images), eagerly, or lazily by default', () => {
    const { container, unmount } = renderWithProviders(<ProductCard product={product} imageLoad="first" />);
    expect(container.querySelector('img')).toHaveAttribute('loading', 'eager');
    expect(container.querySelector('img')).toHaveAttribute('fetchpriority', 'high');
    unmount();
    const eager = renderWithProviders(<ProductCard product={product} imageLoad="eager" />);
    expect(eager.container.querySelector('img')).toHaveAttribute('loading', 'eager');
    expect(eager.container.querySelector('img')).not.toHaveAttribute('fetchpriority');
    eager.unmount();
    expect(renderWithProviders(<ProductCard product={product} />).container.querySelector('img')).toHaveAttribute('loading', 'lazy');
  });

  it('goes Add to Cart → Adding... → Added! → In Cart and puts the product in the shared cart', () => {
    jest.useFakeTimers();
    const { store } = renderWithProviders(<ProductCard product={product} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(screen.getByRole('button', { name: 'Adding...' })).toBeInTheDocument();
    expect(store.getState().cart.items.map((item) => item.uuid)).toEqual(['p-milk']);
    expect(toasts).toEqual([expect.objectContaining({ kind: 'success', message: 'Whole Milk added to cart!' })]);

    act(() => jest.advanceTimersByTime(299));
    expect(screen.getByRole('button', { name: 'Adding...' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByRole('button', { name: 'Added!' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1999));
    expect(screen.getByRole('button', { name: 'Added!' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByRole('button', { name: 'In Cart' })).toBeInTheDocument();
  });

  it('shows In Cart for a product already in the cart; clicking it only says so', () => {
    renderWithProviders(<ProductCard product={product} />, { preloadedState: { cart: { items: [{ ...product, quantity: 2 }] } } });
    fireEvent.click(screen.getByRole('button', { name: 'In Cart' }));
    expect(screen.getByRole('button', { name: 'In Cart' })).toBeInTheDocument();
    expect(toasts).toEqual([expect.objectContaining({ kind: 'info', message: 'Whole Milk is already in your cart' })]);
  });

  it('has no Add to Cart button for an out-of-stock product', () => {
    renderWithProviders(<ProductCard product={makeProduct({ stockStatus: 'OUT_OF_STOCK' })} />);
    expect(screen.queryByRole('button', { name: /cart/i })).not.toBeInTheDocument();
    expect(screen.getByText('Out of stock')).toBeInTheDocument();
  });

  it('asks a guest who taps the heart to sign in, saying why', () => {
    const asked: EventMap['auth:open-modal'][] = [];
    const off = events.on('auth:open-modal', (request) => asked.push(request));
    asked.length = 0; // a request an earlier test left unhandled
    net = mockFetch({});
    renderWithProviders(<ProductCard product={product} />);
    const heart = screen.getByRole('button', { name: 'Add Whole Milk to favorites' });
    expect(heart).toBeEnabled();
    expect(heart).toHaveAttribute('title', 'Sign in to add favorites');
    fireEvent.click(heart);
    off();
    expect(asked).toEqual([{ mode: 'signin', why: 'favourites' }]);
    expect(net.calls).toHaveLength(0);
  });

  describe('signed in', () => {
    const preloadedState = { session: { user: makeUser() } };

    it('adds a favourite on the server and in the shared slice; a 409 duplicate counts as success', async () => {
      net = mockFetch({
        'POST /favorites': () => ({
          status: 409,
          body: { success: false, message: 'exists', error: { code: 'DUPLICATE', message: 'exists' } },
        }),
      });
      const { store } = renderWithProviders(<ProductCard product={product} />, { preloadedState });
      fireEvent.click(screen.getByRole('button', { name: 'Add Whole Milk to favorites' }));
      expect(await screen.findByRole('button', { name: 'Remove Whole Milk from favorites' })).toBeEnabled();
      await waitFor(() => expect(net?.calls).toHaveLength(1));
      const call = net.calls[0]!;
      expect(call.body).toEqual({ productUuid: 'p-milk' });
      expect(call.headers.get('authorization')).toMatch(/^Bearer /);
      await waitFor(() => expect(Object.values(store.getState().api.mutations)[0]?.status).toBe('fulfilled'));
      expect(store.getState().favourites.products.map((p) => p.uuid)).toEqual(['p-milk']);
      expect(toasts).toEqual([]);
    });

    it('removes a favourite; a 404 counts as success', async () => {
      net = mockFetch({
        'DELETE /favorites/p-milk': () => ({
          status: 404,
          body: { success: false, message: 'gone', error: { code: 'NOT_FOUND', message: 'gone' } },
        }),
      });
      const { store } = renderWithProviders(<ProductCard product={product} />, {
        preloadedState: { ...preloadedState, favourites: { products: [product] } },
      });
      fireEvent.click(screen.getByRole('button', { name: 'Remove Whole Milk from favorites' }));
      await waitFor(() => expect(net?.calls).toHaveLength(1));
      await waitFor(() => expect(Object.values(store.getState().api.mutations)[0]?.status).toBe('fulfilled'));
      expect(screen.getByRole('button', { name: 'Add Whole Milk to favorites' })).toBeInTheDocument();
      expect(store.getState().favourites.products).toEqual([]);
      expect(toasts).toEqual([]);
    });

    it('puts the heart back and shows the spec toast when adding fails', async () => {
      net = mockFetch({
        'POST /favorites': () => ({ status: 500, body: { success: false, message: 'boom', error: { code: 'X', message: 'boom' } } }),
      });
      const { store } = renderWithProviders(<ProductCard product={product} />, { preloadedState });
      fireEvent.click(screen.getByRole('button', { name: 'Add Whole Milk to favorites' }));
      await waitFor(() => expect(toasts).toEqual([expect.objectContaining({ kind: 'error', message: 'Failed to add to favorites' })]));
      expect(screen.getByRole('button', { name: 'Add Whole Milk to favorites' })).toBeInTheDocument();
      expect(store.getState().favourites.products).toEqual([]);
    });

    it('puts the heart back and shows the spec toast when removing fails', async () => {
      net = mockFetch({ 'DELETE /favorites/p-milk': () => ({ status: 500, body: null }) });
      const { store } = renderWithProviders(<ProductCard product={product} />, {
        preloadedState: { ...preloadedState, favourites: { products: [product] } },
      });
      fireEvent.click(screen.getByRole('button', { name: 'Remove Whole Milk from favorites' }));
      await waitFor(() => expect(toasts).toEqual([expect.objectContaining({ kind: 'error', message: 'Failed to remove from favorites' })]));
      expect(store.getState().favourites.products.map((p) => p.uuid)).toEqual(['p-milk']);
    });
  });
});

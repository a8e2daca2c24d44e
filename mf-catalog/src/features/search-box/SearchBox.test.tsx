import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderWithProviders, type FetchMock, type MockHandler } from '@grocer/shared/testing';
import { makeProducts } from '../../testing/fixtures.ts';
import { LocationDisplay } from '../../testing/LocationDisplay.tsx';
import SearchBox from './SearchBox.tsx';

const SEARCH = 'GET /open/products/suggestions';
let net: FetchMock;

function setup(handler: MockHandler = () => ({ body: { products: makeProducts(7) } })) {
  jest.useFakeTimers();
  net = mockFetch({ [SEARCH]: handler });
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  renderWithProviders(
    <>
      <SearchBox />
      <LocationDisplay />
    </>,
  );
  return { user, input: screen.getByRole('combobox', { name: 'Search products' }) };
}

const wait = (ms: number) => act(async () => void jest.advanceTimersByTime(ms));
const location = () => screen.getByTestId('location').textContent;
const listbox = () => screen.getByRole('listbox', { hidden: true });

afterEach(() => {
  net.restore();
  jest.useRealTimers();
});

describe('SearchBox', () => {
  it('is a search landmark named like its field, so it stays distinct from a page search form', () => {
    const { input } = setup();
    expect(screen.getByRole('search', { name: 'Search products' })).toContainElement(input);
  });

  it('asks nothing before 2 characters (trimmed)', async () => {
    const { user, input } = setup();
    await user.type(input, ' m ');
    await wait(1000);
    expect(net.calls).toHaveLength(0);
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(listbox()).not.toBeVisible();
  });

  it('debounces 300 ms, then shows at most 5 suggestions as an ARIA combobox', async () => {
    const { user, input } = setup();
    await user.type(input, 'mi');
    await wait(299);
    expect(net.calls).toHaveLength(0);
    await wait(1);
    const options = await screen.findAllByRole('option');
    expect(net.calls).toHaveLength(1);
    expect(net.calls[0]!.url.search).toBe('?query=mi&limit=5');
    expect(options).toHaveLength(5);
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(input).toHaveAttribute('aria-controls', listbox().id);
    expect(within(listbox()).getByText('Product 1')).toBeInTheDocument();
  });

  it('moves with the arrows and opens the highlighted product’s page on Enter', async () => {
    const { user, input } = setup();
    await user.type(input, 'prod');
    await wait(300);
    const options = await screen.findAllByRole('option');
    await user.keyboard('{ArrowDown}');
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}');
    expect(input).toHaveAttribute('aria-activedescendant', options[1]!.id);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    // Wraps from the first to the last.
    expect(input).toHaveAttribute('aria-activedescendant', options[4]!.id);
    await user.keyboard('{Enter}');
    expect(location()).toBe('/store/fresh-mart/product/p-5');
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('searches the text on Enter when nothing is highlighted', async () => {
    const { user, input } = setup();
    await user.type(input, '  red apples {Enter}');
    expect(location()).toBe('/search?q=red%20apples');
  });

  it('does nothing on Enter with blank text', async () => {
    const { user, input } = setup();
    await user.type(input, '   {Enter}');
    expect(location()).toBe('/');
  });

  it('closes on Escape, then clears on a second Escape', async () => {
    const { user, input } = setup();
    await user.type(input, 'milk');
    await wait(300);
    await screen.findAllByRole('option');
    await user.keyboard('{ArrowDown}{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).not.toHaveAttribute('aria-activedescendant');
    expect(input).toHaveValue('milk');
    await user.keyboard('{Escape}');
    expect(input).toHaveValue('');
  });

  it('shows each suggestion with its picture', async () => {
    const { user, input } = setup();
    await user.type(input, 'milk');
    await wait(300);
    const options = await screen.findAllByRole('option');
    for (const option of options) expect(option.querySelector('img')?.getAttribute('src')).toMatch(/\/images\//);
  });

  it('opens a suggestion with the mouse', async () => {
    const { user, input } = setup();
    await user.type(input, 'milk');
    await wait(300);
    await user.click(await screen.findByRole('option', { name: /Product 2/ }));
    expect(location()).toBe('/store/fresh-mart/product/p-2');
  });

  it('never lets a late answer for an older text replace the newer one', async () => {
    let releaseOld: () => void = () => {};
    const { user, input } = setup(({ url }) => {
      const query = url.searchParams.get('query');
      if (query === 'ap') {
        return new Promise((resolve) => {
          releaseOld = () => resolve({ body: { products: makeProducts(1, 100) } });
        });
      }
      return { body: { products: makeProducts(2, 200) } };
    });
    await user.type(input, 'ap');
    await wait(300);
    await user.type(input, 'ple');
    await wait(300);
    expect(await screen.findByRole('option', { name: /Product 200/ })).toBeInTheDocument();
    await act(async () => releaseOld());
    await wait(50);
    expect(screen.getAllByRole('option').map((o) => within(o).getByText(/^Product/).textContent)).toEqual(['Product 200', 'Product 201']);
    expect(net.calls.map((call) => call.url.searchParams.get('query'))).toEqual(['ap', 'apple']);
  });

  it('says when it read a typo as another word, and offers the words as typed', async () => {
    const { user, input } = setup(({ url }) => ({
      body: { products: makeProducts(2), ...(url.searchParams.get('query') === 'chiken' ? { showingResultsFor: 'chicken' } : {}) },
    }));
    await user.type(input, 'chiken');
    await wait(300);
    const link = await screen.findByRole('link', { name: 'Search instead for chiken' });
    expect(link.closest('p')).toHaveTextContent('Showing results for chicken. Search instead for chiken');
    expect(screen.getAllByRole('option')).toHaveLength(2);
    await user.click(link);
    expect(location()).toBe('/search?q=chiken&literal=1');
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('says nothing of corrections when the words were found as typed', async () => {
    const { user, input } = setup();
    await user.type(input, 'milk');
    await wait(300);
    await screen.findAllByRole('option');
    expect(screen.queryByText(/Showing results for/)).not.toBeInTheDocument();
  });
});

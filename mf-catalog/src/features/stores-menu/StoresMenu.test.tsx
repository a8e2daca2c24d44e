import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderWithProviders, type FetchMock } from '@grocer/shared/testing';
import { makeStore } from '../../testing/fixtures.ts';
import { LocationDisplay } from '../../testing/LocationDisplay.tsx';
import StoresMenu from './StoresMenu.tsx';

let net: FetchMock;
const stores = [makeStore(), makeStore({ id: 2, publicId: 'corner', name: 'Corner Grocer' })];

function setup(route = '/', { fakeTimers = false } = {}) {
  if (fakeTimers) jest.useFakeTimers();
  net = mockFetch({ 'GET /open/stores': () => ({ body: stores }) });
  const user = userEvent.setup(fakeTimers ? { advanceTimers: jest.advanceTimersByTime } : {});
  renderWithProviders(
    <>
      <StoresMenu />
      <LocationDisplay />
    </>,
    { route },
  );
  return { user, button: screen.getByRole('button', { name: 'Stores' }) };
}

afterEach(() => {
  net.restore();
  jest.useRealTimers();
});

describe('StoresMenu', () => {
  it('lists every store, linking to its listing, and ticks the current one', async () => {
    const { user, button } = setup('/store/corner/category/cat-dairy?page=2');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const current = await screen.findByRole('link', { name: /Corner Grocer/ });
    expect(current).toHaveAttribute('href', '/store/corner');
    expect(current).toHaveAttribute('aria-current', 'true');
    expect(current).toHaveTextContent('✓');
    const other = screen.getByRole('link', { name: /Fresh Mart/ });
    expect(other).not.toHaveAttribute('aria-current');
    expect(other).not.toHaveTextContent('✓');
  });

  it('ticks nothing outside a store', async () => {
    const { user, button } = setup('/');
    await user.click(button);
    await screen.findByRole('link', { name: /Fresh Mart/ });
    expect(screen.getAllByRole('link').filter((link) => link.hasAttribute('aria-current'))).toHaveLength(0);
  });

  it('closes 300 ms after the pointer leaves, and stays open if it comes back', async () => {
    const { user, button } = setup('/', { fakeTimers: true });
    await user.click(button);
    await screen.findByRole('link', { name: /Fresh Mart/ });
    const menu = button.parentElement!;
    await user.unhover(menu);
    await act(async () => void jest.advanceTimersByTime(299));
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.hover(menu);
    await act(async () => void jest.advanceTimersByTime(1000));
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.unhover(menu);
    await act(async () => void jest.advanceTimersByTime(300));
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on Escape and gives focus back to the button', async () => {
    const { user, button } = setup();
    await user.click(button);
    await user.click(await screen.findByRole('link', { name: /Fresh Mart/ }));
    await user.click(button);
    screen.getByRole('link', { name: /Corner Grocer/ }).focus();
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  it('closes on navigation', async () => {
    const { user, button } = setup();
    await user.click(button);
    await user.click(await screen.findByRole('link', { name: /Fresh Mart/ }));
    expect(screen.getByTestId('location')).toHaveTextContent('/store/fresh-mart');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(within(screen.getByRole('link', { name: /Fresh Mart/ })).getByText('✓')).toBeInTheDocument();
  });

  it('says when the stores cannot be fetched', async () => {
    const { user, button } = setup();
    net.restore();
    net = mockFetch({ 'GET /open/stores': () => ({ status: 500, body: null }) });
    await user.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch stores');
  });
});
